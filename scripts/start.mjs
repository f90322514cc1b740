// npm start: build the Worker, migrate the local D1, make sure a demo staff
// account exists, and serve the built Worker on http://localhost:$PORT (8787 by
// default). It fails at once if that port is taken: `PORT=8790 npm start`.
import { banner, offline, prepareLocalDatabase, run, serve } from "./local-db.mjs";

const PORT = process.env.PORT ?? "8787";

offline();
run("npm", ["run", "build"]);
prepareLocalDatabase();
banner(`http://localhost:${PORT}`);
serve("vite", ["preview", "--port", PORT, "--strictPort"]);
