// npm run dev: the Vite dev server with hot reload on http://localhost:8787,
// over the same migrated local D1 and demo staff account as npm start.
import { banner, prepareLocalDatabase, serve } from "./local-db.mjs";

prepareLocalDatabase();
banner("http://localhost:8787 (Vite dev server, hot reload)");
serve("react-router", ["dev", ...process.argv.slice(2)]);
