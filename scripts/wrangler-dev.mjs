// npm run wrangler:dev: wrangler's own dev server (not Vite's) on
// http://localhost:8788, over the same local D1 as npm start. wrangler dev cannot
// bundle workers/app.ts itself (it imports the React Router build), so it serves
// the build's generated config; a fresh clone gets that build first.
import { banner, offline, prepareLocalDatabase, run, serve } from "./local-db.mjs";

const PORT = process.env.PORT ?? "8788";

offline();
run("npm", ["run", "build"]);
prepareLocalDatabase();
banner(`http://localhost:${PORT} (wrangler dev, built Worker)`);
serve("wrangler", ["dev", "--config", "build/server/wrangler.json", "--port", PORT, "--persist-to", ".wrangler/state"]);
