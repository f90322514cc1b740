// Local secrets live in .dev.vars (git-ignored). A fresh clone gets its own
// random session key before the first build, and its own VAPID key pair, so
// `npm start` and `npm test` work without any manual step, push notifications
// included (a .dev.vars from before them gets a pair added; write the names
// with no value to see the dashboard without push). Deployed Workers use
// `wrangler secret put`.
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { newVapidKeys } from "./vapid-keys.mjs";

if (!existsSync(".dev.vars")) {
  writeFileSync(".dev.vars", `SESSION_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Created .dev.vars with a random SESSION_SECRET");
}
const devVars = readFileSync(".dev.vars", "utf8");
if (!/^VAPID_PUBLIC_KEY=/m.test(devVars) && !/^VAPID_PRIVATE_KEY=/m.test(devVars)) {
  appendFileSync(".dev.vars", `${devVars.endsWith("\n") || devVars === "" ? "" : "\n"}${await newVapidKeys()}`);
  console.log("Added a new VAPID key pair (push notifications) to .dev.vars");
}
