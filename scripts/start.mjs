// npm start: build the Worker, migrate the local D1, make sure a demo staff
// account exists, and serve the built Worker on http://localhost:8787.
import { banner, offline, prepareLocalDatabase, run, serve } from "./local-db.mjs";

offline();
run("npm", ["run", "build"]);
prepareLocalDatabase();
banner("http://localhost:8787");
serve("vite", ["preview", "--port", "8787", "--strictPort"]);
