// The "CPU per request" section of docs/BENCHMARKS.md. bench/cpu.mjs writes it
// (npm run bench:cpu); npm run bench, which rewrites the rest of the file, keeps it.

const HEADING = "## CPU per request";

/** The CPU section of `text`, from its heading to the next "## " heading or the end; "" if none. */
export function cpuSection(text) {
  const start = text.indexOf(`\n${HEADING}\n`);
  if (start === -1) return "";
  const next = text.indexOf("\n## ", start + 1);
  return text.slice(start + 1, next === -1 ? text.length : next + 1).trimEnd() + "\n";
}

/** `report` with `section` in place of its CPU section, or after it when it has none. */
export function withCpuSection(report, section) {
  if (!section) return report;
  const old = cpuSection(report);
  if (old) return report.replace(old, section);
  return `${report.trimEnd()}\n\n${section}`;
}

export function renderCpuSection(rows, { runs, commit, machine, startupMs, startupRounds }) {
  const lines = [
    HEADING,
    "",
    `\`npm run bench:cpu\` (\`bench/cpu.mjs\`), at ${commit} on ${machine}: the built Worker under \`vite preview\``,
    "with its inspector open, and a V8 CPU profile (the inspector's `Profiler`, 0.1 ms samples) around each",
    "request. CPU is every sample but `(idle)`: JavaScript, the runtime's native work on the isolate's thread",
    "(WebCrypto's PBKDF2), garbage collection. Waiting for D1 or R2 is idle here, as on Cloudflare, which limits",
    "CPU, not wall time. A loaded machine makes these larger (a descheduled thread still counts as busy), so they",
    `are upper bounds. Each kind: 3 warm-up requests (the first is shown), then ${runs} measured ones.`,
    "",
    `| request | first of its kind | median of ${runs} | max of ${runs} |`,
    "| --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row.kind} | ${row.first.toFixed(1)} ms | ${row.median.toFixed(1)} ms | ${row.max.toFixed(1)} ms |`),
    "",
    `The isolate's start, once per isolate (bench/lib/isolate-cpu.mjs: workerd compiling the bundle and the first import, above an`,
    `empty Worker, median of ${startupRounds}): ${startupMs.toFixed(1)} ms.`,
    "",
  ];
  return lines.join("\n");
}
