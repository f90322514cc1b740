// 4. Live-push latency: a staff dashboard's websocket is open; visitors post the
// forms one after another; for each, the time from the form post's response to
// the room's "record-created" event reaching the socket.
import { performance } from "node:perf_hooks";
import { clearTimeout, setTimeout } from "node:timers";
import WebSocket from "ws";
import { FORM_NAMES, LEAD_FORMS, leadFields } from "../lib/leads.mjs";
import { percentile } from "../lib/stats.mjs";
import { Visitor, visitorIp } from "../lib/visitor.mjs";

const EVENT_TIMEOUT_MS = 5_000;

export function openDashboardSocket(origin, cookie) {
  const url = `${origin.replace(/^http/, "ws")}/parties/dashboard-room/staff`;
  const socket = new WebSocket(url, { headers: { Cookie: cookie, Origin: origin } });
  const events = [];
  const waiters = [];
  socket.on("message", (data) => {
    const at = performance.now();
    let event;
    try {
      event = JSON.parse(String(data));
    } catch {
      return;
    }
    if (event?.type !== "record-created") return;
    const waiter = waiters.shift();
    if (waiter) waiter({ event, at });
    else events.push({ event, at });
  });
  const opened = new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) => reject(new Error(`room answered ${response.statusCode}`)));
  });
  return {
    opened,
    /** The next record-created event (already received or still to come), or null after `timeoutMs`. */
    nextEvent(timeoutMs) {
      const ready = events.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve) => {
        const waiter = (received) => {
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          resolve(null);
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => socket.close(),
  };
}

export async function runLivePush({ origin, cookie, count, slots, firstVisitor, log }) {
  const room = openDashboardSocket(origin, cookie);
  await room.opened;
  const latencies = [];
  /** The same events timed from the moment the post was sent (what a person watching both screens sees). */
  const sincePost = [];
  let beforeResponse = 0;
  let missed = 0;
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const form = FORM_NAMES[i % FORM_NAMES.length];
    const index = firstVisitor + i;
    const visitor = new Visitor(origin, visitorIp(index));
    const token = await visitor.formToken(LEAD_FORMS[form].path);
    const fields = { ...leadFields(form, `Live ${form} ${i}`, index, slots), submissionToken: token };
    const result = await visitor.post(LEAD_FORMS[form].path, fields);
    if (result.status !== 302) {
      failed++;
      continue;
    }
    // An event that beat the response is already queued, with its arrival time.
    const received = await room.nextEvent(EVENT_TIMEOUT_MS);
    if (!received) {
      missed++;
      continue;
    }
    const latency = received.at - result.respondedAt;
    if (latency < 0) beforeResponse++;
    latencies.push(Math.max(0, latency));
    sincePost.push(received.at - result.startedAt);
  }
  room.close();
  const summary = {
    submissions: count,
    received: latencies.length,
    missed,
    failed,
    beforeResponse,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: Math.max(...latencies),
    sincePost: { p50: percentile(sincePost, 0.5), p95: percentile(sincePost, 0.95), p99: percentile(sincePost, 0.99) },
  };
  log(`  ${summary.received}/${count} events; p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms`);
  return summary;
}
