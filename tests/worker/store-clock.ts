import { env } from "cloudflare:test";
import { expect, vi } from "vitest";
import { formatStoreDateTime, storeTimeToInstant } from "../../app/core/store-time";
import { deliverOutboxMessage, type DeliveryOutcome } from "../../app/messaging/outbox-delivery.server";
import { rows } from "./lead-helpers";
import { senders, sentTexts, stubProviders, type OutboxRow, type SentText } from "./message-helpers";

// The store's clock in workerd tests (issue 37). The quiet hours (9 PM to 8 AM store
// time) cannot be waited for, and workerd hangs under libfaketime, so the clock is
// given instead, two ways, both inside the test's own isolate, where the built
// Worker runs too:
// - the outbox takes `now` (deliverOutboxMessage, deliverDueOutbox): `deliverAt`;
// - a request (a route's action, Twilio's webhook) and the work it leaves in
//   waitUntil read Date.now(): `setStoreClock` fakes Date alone (vitest's fake timers,
//   toFake: ["Date"]), frozen at that instant; timers, I/O and the test's own
//   timeouts run as ever. `useRealClock` (in afterEach) gives the real one back.
// A new kind of text is checked in the quiet hours with `expectHeldUntilMorning` or
// `expectSentAtOnce`; the review request, held to 11 AM, with `deliverAt`.

/** A night of quiet hours, in store time. */
export interface QuietNight {
  name: string;
  /** The evening: 10:30 PM, in the quiet hours. */
  lateEvening: number;
  /** The next day (YYYY-MM-DD). */
  morning: string;
  /** 7:59 AM the next morning: still quiet. */
  lastQuietMinute: number;
  /** 8:00 AM the next morning, when the quiet hours end. */
  quietHoursEnd: number;
}

function quietNight(name: string, evening: string, morning: string): QuietNight {
  return {
    name,
    lateEvening: storeTimeToInstant(evening, 22, 30),
    morning,
    lastQuietMinute: storeTimeToInstant(morning, 7, 59),
    quietHoursEnd: storeTimeToInstant(morning, 8),
  };
}

/**
 * The two nights of 2026 the clocks change at 2 AM: the night is an hour longer or
 * shorter than its wall clock says, so 8 AM is not "9 hours 30 after 10:30 PM".
 */
export const QUIET_NIGHTS: QuietNight[] = [
  // Sat 31 Oct, 10:30 PM CDT, to Sun 1 Nov, 8:00 AM CST: 10 hours 30 minutes.
  quietNight("the night the clocks go back (Sat 31 Oct 2026)", "2026-10-31", "2026-11-01"),
  // Sat 7 Mar, 10:30 PM CST, to Sun 8 Mar, 8:00 AM CDT: 8 hours 30 minutes.
  quietNight("the night the clocks go forward (Sat 7 Mar 2026)", "2026-03-07", "2026-03-08"),
];

/** From now on, the test and the Worker's requests see this instant as the time (Date only, frozen). */
export function setStoreClock(instant: number) {
  vi.useFakeTimers({ toFake: ["Date"], now: instant });
}

export function useRealClock() {
  vi.useRealTimers();
}

export async function outboxRow(id: number): Promise<OutboxRow> {
  const [row] = await rows<OutboxRow>("SELECT * FROM outbox WHERE id = ?", id);
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** What the outbox does with one row at `now`, as the cron or a waitUntil would, with Twilio faked: the outcome and the texts sent. */
export async function deliverAt(id: number, now: number): Promise<{ outcome: DeliveryOutcome; texts: SentText[] }> {
  const fetchSpy = stubProviders();
  try {
    const outcome = await deliverOutboxMessage(env, id, { ...senders(), now });
    return { outcome, texts: sentTexts(fetchSpy) };
  } finally {
    fetchSpy.mockRestore();
  }
}

/**
 * A text kept in the outbox through the quiet hours and sent when they end: queued for
 * 8:00 AM (the time the record page shows), not sent at 10:30 PM nor at 7:59 AM, waiting
 * without spending an attempt; a retry that falls due in the night (after a failed
 * attempt) is held again by the outbox's own check at send time; at 8:00 AM it goes.
 * Returns the text as Twilio got it.
 */
export async function expectHeldUntilMorning(id: number, night: QuietNight): Promise<SentText> {
  const held = { status: "pending", attempts: 0, next_attempt_at: night.quietHoursEnd };
  expect(await outboxRow(id), "queued for the end of the quiet hours").toMatchObject(held);
  for (const now of [night.lateEvening, night.lastQuietMinute]) {
    const { outcome, texts } = await deliverAt(id, now);
    expect(texts, `sent at ${formatStoreDateTime(now)}`).toEqual([]);
    expect(["skipped", "deferred"]).toContain(outcome);
    expect(await outboxRow(id)).toMatchObject(held);
  }
  await env.DB.prepare("UPDATE outbox SET next_attempt_at = ? WHERE id = ?").bind(night.lateEvening, id).run();
  const retry = await deliverAt(id, night.lateEvening + 60 * 60 * 1000);
  expect(retry).toEqual({ outcome: "deferred", texts: [] });
  expect(await outboxRow(id)).toMatchObject(held);

  const morning = await deliverAt(id, night.quietHoursEnd);
  expect(morning.outcome).toBe("sent");
  expect(morning.texts).toHaveLength(1);
  return morning.texts[0]!;
}

/** A text that goes in the quiet hours as at any other time: due when it was queued at 10:30 PM, and sent then. */
export async function expectSentAtOnce(id: number, night: QuietNight): Promise<SentText> {
  expect(await outboxRow(id)).toMatchObject({ status: "pending", next_attempt_at: night.lateEvening });
  const { outcome, texts } = await deliverAt(id, night.lateEvening);
  expect(outcome).toBe("sent");
  expect(texts).toHaveLength(1);
  return texts[0]!;
}
