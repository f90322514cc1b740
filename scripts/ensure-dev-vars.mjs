// Local secrets live in .dev.vars (git-ignored). A fresh clone gets its own
// random session key before the first build, so `npm start` and `npm test`
// work without any manual step. Deployed Workers use `wrangler secret put`.
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  writeFileSync(".dev.vars", `SESSION_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Created .dev.vars with a random SESSION_SECRET");
}
