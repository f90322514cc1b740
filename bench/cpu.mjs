// CPU time of one request of each kind, as the Worker's isolate spends it: the
// built Worker (npm run build first) under `vite preview` with its inspector open,
// and a V8 CPU profile (the inspector's Profiler) around each request. Time in
// samples other than "(idle)" is CPU: JavaScript, the runtime's native work on the
// isolate's thread (WebCrypto's PBKDF2, D1 and R2 calls' own share), garbage
// collection. Waiting for D1 or R2 to answer is idle, as on Cloudflare, which
// bills and limits CPU, not wall time. Writes its section of docs/BENCHMARKS.md.
//
//   npm run build && npm run bench:cpu
//
// BENCH_PORT (default 8793) and INSPECTOR_PORT (default 9329) choose the ports.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { startPreview, stopPreview } from "../scripts/preview-server.mjs";
import { renderCpuSection, withCpuSection } from "./lib/cpu-section.mjs";
import { startupAboveEmpty } from "./lib/isolate-cpu.mjs";
import { leadFields } from "./lib/leads.mjs";
import { photoOfSize } from "./phases/order-photos.mjs";
import { signIn, Visitor, visitorIp } from "./lib/visitor.mjs";

const HOST = "127.0.0.1";
const PORT = Number(process.env.BENCH_PORT ?? 8793);
const INSPECTOR_PORT = Number(process.env.INSPECTOR_PORT ?? 9329);
const REPORT = "docs/BENCHMARKS.md";
const RUNS = 15;
const WARMUP = 3;
/** Fresh isolates of the build, each beside an empty one, for the start-up line. */
const STARTUP_ROUNDS = 5;
const MB = 1024 * 1024;
const STAFF = { email: "cpu-staff@example.com", password: "cpu-password-123456" };

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { env: { ...env, ...extraEnv }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
}

/** One inspector session over the Worker's DevTools websocket. */
class Inspector {
  static async open(port) {
    // The Worker joins the inspector's list a few seconds after the server answers.
    let target;
    for (let tries = 0; !target; tries++) {
      if (tries === 60) throw new Error(`no Worker on the inspector at ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const targets = await fetch(`http://${HOST}:${port}/json`).then((response) => response.json(), () => []);
      target = targets.find((entry) => entry.webSocketDebuggerUrl);
    }
    // The inspector proxy refuses a client without an Origin of this machine.
    const socket = new globalThis.WebSocket(target.webSocketDebuggerUrl.replace("//localhost:", `//${HOST}:`), {
      headers: { Origin: `http://${HOST}` },
    });
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", reject, { once: true });
    });
    return new Inspector(socket);
  }

  constructor(socket) {
    this.socket = socket;
    this.nextId = 1;
    this.pending = new Map();
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data));
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    });
  }

  send(method, params = {}) {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /** Milliseconds of CPU the isolate spent while `work` ran. */
  async cpuOf(work) {
    await this.send("Profiler.start");
    await work();
    const { profile } = await this.send("Profiler.stop");
    const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id));
    let micros = 0;
    profile.samples.forEach((nodeId, index) => {
      if (!idle.has(nodeId)) micros += profile.timeDeltas[index] ?? 0;
    });
    return micros / 1000;
  }
}

const persistDir = mkdtempSync(join(tmpdir(), "jewelry-cpu-"));
let server;
try {
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  run("node", ["scripts/staff-create.ts", "--email", STAFF.email, "--password", STAFF.password, "--persist-to", persistDir]);
  server = await startPreview({
    host: HOST,
    port: PORT,
    env: { ...env, PERSIST_DIR: persistDir, INSPECTOR_PORT: String(INSPECTOR_PORT) },
  });
  const origin = `http://${HOST}:${PORT}`;
  console.error("server up; waiting for the Worker's inspector");
  const inspector = await Inspector.open(INSPECTOR_PORT);
  console.error("inspector connected");
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });

  const get = (path, headers = {}) => async () => {
    const response = await fetch(`${origin}${path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`${path}: ${response.status}`);
  };
  let visitors = 0;
  const nextVisitor = () => new Visitor(origin, visitorIp(1000 + ++visitors));
  const photos = [photoOfSize(8 * MB, 1), photoOfSize(8 * MB, 2), photoOfSize(8 * MB, 3)];
  const cookie = await signIn(origin, STAFF);

  // Each kind: its setup (a token, a form) outside the profile, its one request inside.
  const kinds = [
    { name: "content page (GET /services)", prepare: async () => get("/services") },
    { name: "form page (GET /orderOnline)", prepare: async () => get("/orderOnline") },
    {
      name: "form post (POST /contactus)",
      prepare: async () => {
        const visitor = nextVisitor();
        const fields = { ...leadFields("contact", `CPU ${visitors}`, visitors), submissionToken: await visitor.formToken("/contactus") };
        return async () => {
          const result = await visitor.post("/contactus", fields);
          if (result.status !== 302) throw new Error(`contact post: ${result.status}`);
        };
      },
    },
    {
      name: "order with 3 photos of 8 MB (POST /orderOnline)",
      prepare: async () => {
        const visitor = nextVisitor();
        const fields = { ...leadFields("order", `CPU ${visitors}`, visitors), submissionToken: await visitor.formToken("/orderOnline") };
        const files = photos.map((bytes, n) => ({ name: "photos", bytes, type: "image/jpeg", fileName: `IMG_${n}.jpg` }));
        return async () => {
          const result = await visitor.postMultipart("/orderOnline", fields, files);
          if (result.status !== 302) throw new Error(`order post: ${result.status}`);
        };
      },
    },
    {
      name: "password sign-in (POST /login)",
      prepare: async () => async () => {
        await signIn(origin, STAFF);
      },
    },
    { name: "inbox page (GET /dashboard)", prepare: async () => get("/dashboard", { Cookie: cookie }) },
  ];

  const rows = [];
  for (const kind of kinds) {
    const times = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const request = await kind.prepare();
      const ms = await inspector.cpuOf(request);
      console.error(`${kind.name}: ${ms.toFixed(1)} ms`);
      if (i >= WARMUP) times.push(ms);
      else if (i === 0) kind.first = ms;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    rows.push({ kind: kind.name, first: kind.first, median, max: times.at(-1) });
  }
  // The isolate's start (loading the modules, the first import), once per isolate, not per request.
  const startup = await startupAboveEmpty({ worker: "build/server" }, { rounds: STARTUP_ROUNDS });
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), load ${os.loadavg()[0].toFixed(1)}`;
  const section = renderCpuSection(rows, { runs: RUNS, commit, machine, startupMs: startup.worker.total.median, startupRounds: STARTUP_ROUNDS });
  writeFileSync(REPORT, withCpuSection(readFileSync(REPORT, "utf8"), section));
  console.log(section);
  inspector.socket.close();
} finally {
  if (server) await stopPreview(server);
  rmSync(persistDir, { recursive: true, force: true });
}
