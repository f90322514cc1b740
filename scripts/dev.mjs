// npm run dev: the Vite dev server over the same migrated local D1 and demo staff
// account as npm start, on PORT (default 8787; `npm run dev -- --port N` also works).
// Pages with scripts update in place; content pages reload (app/assets/dev-reload.ts).
// Vite moves to the next port when that one is taken: the banner, printed by
// vite.config.ts once Vite listens, names the one it took.
import { prepareLocalDatabase, serve } from "./local-db.mjs";

prepareLocalDatabase();
serve("react-router", ["dev", ...process.argv.slice(2)]);
