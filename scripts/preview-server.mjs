// The built Worker served by `vite preview` on a loopback port, for a script that
// needs it for a while and then must end it: the benchmark (bench/lib/server.mjs, bench/cpu.mjs).
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** A port nothing listens on right now. */
export function freePort(host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `vite preview` in a process group of its own (so stopPreview ends workerd
 * too) and resolves once it answers, or rejects with the end of its stderr.
 */
export async function startPreview({ host, port, env, timeoutMs = 60_000, logFile }) {
  const child = spawn("vite", ["preview", "--host", host, "--port", String(port), "--strictPort"], {
    env,
    stdio: ["ignore", logFile ? "pipe" : "ignore", "pipe"],
    detached: true,
  });
  // With `logFile`, everything the server prints (the Worker's console included) is appended to it.
  const log = logFile ? createWriteStream(logFile, { flags: "a" }) : null;
  if (log) {
    log.write(`--- vite preview on ${host}:${port}, ${new Date().toISOString()}\n`);
    child.stdout.pipe(log, { end: false });
  }
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
    log?.write(chunk);
  });
  child.once("exit", () => log?.end());
  let spawnError = "";
  child.once("error", (error) => {
    spawnError = error.message; // e.g. vite not on the PATH outside npm scripts
  });
  // Ctrl-C or a cancelled job: the server is in its own process group, so it would outlive us.
  // A caller with a handler of its own for the signal decides how to end; otherwise we do.
  const onSignal = (signal) => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
    if (process.listenerCount(signal) === 0) process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  child.once("exit", () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || spawnError) throw new Error(`vite preview did not run:\n${spawnError || stderr}`);
    try {
      await (await fetch(`http://${host}:${port}/robots.txt`)).arrayBuffer();
      return child;
    } catch {
      await sleep(200);
    }
  }
  await stopPreview(child);
  throw new Error(`vite preview did not start on ${host}:${port}:\n${stderr}`);
}

/** Ends the server and everything it started; one that ignores SIGTERM gets SIGKILL after 10 s. */
export async function stopPreview(child) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (const signal of ["SIGTERM", "SIGKILL"]) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      process.kill(-child.pid, signal);
    } catch {
      break; // already gone, or never started
    }
    // An unref'd timer: once the server has exited, nothing waits for it.
    await Promise.race([exited, sleep(10_000, undefined, { ref: false })]);
  }
  child.stderr?.destroy();
  child.stdout?.destroy();
  child.unref();
}
