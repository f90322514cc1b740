// The machine's processes as the kernel lists them in /proc (Linux): what the bench needs to find
// the workerd it started and read what those processes cost.
import { readdirSync, readFileSync } from "node:fs";

/** Every process now: pid, parent pid, process group and command name, from one pass over /proc. */
export function processes() {
  const list = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended since the listing
    }
    // The command is in parentheses and may hold spaces; after it: state, parent pid, process group.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    list.push({ pid: Number(entry), parent: Number(fields[1]), group: Number(fields[2]), command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) });
  }
  return list;
}

/** The pids of every descendant of `ancestor`. */
export function descendants(ancestor) {
  const children = new Map();
  for (const { pid, parent } of processes()) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const found = [];
  const queue = [...(children.get(ancestor) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift();
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}
