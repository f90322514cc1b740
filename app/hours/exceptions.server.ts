import { asc, between, gte } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import type { DbEnv } from "~/db/sql.server";
import { blockedTimes, specialDays } from "~/db/schema";
import { addDays, daySchedule, type HoursExceptions, type SpecialDay } from "~/core/slots";

// The owner's exceptions to the weekly hours, read from D1 (decision 139). With
// app/core/slots.ts they are the one source of when a visit may be booked: /book,
// the manage page, staff bookings, the form pages' special days and every
// booking post read them through here.

/**
 * The special days and blocked times from `from` to `to` (YYYY-MM-DD, both included), read
 * through the Worker's env or a drizzle client a caller already holds (a repair's status change).
 */
export async function hoursExceptions(source: DbEnv | Db, from: string, to: string): Promise<HoursExceptions> {
  const db = "DB" in source ? getDb(source) : source;
  const [days, blocks] = await db.batch([
    db.select().from(specialDays).where(between(specialDays.date, from, to)).orderBy(asc(specialDays.date)),
    db.select().from(blockedTimes).where(between(blockedTimes.date, from, to)).orderBy(asc(blockedTimes.date), asc(blockedTimes.startsAt)),
  ]);
  return {
    specialDays: days.map(({ date, closed, opens, closes, note }) => ({ date, closed, opens, closes, note })),
    blockedTimes: blocks.map(({ date, startsAt, endsAt }) => ({ date, from: startsAt, to: endsAt })),
  };
}

/** The special days of the `days` days from `from` on: the form pages name two weeks', the ready message one week's. */
export async function specialDaysWithin(source: DbEnv | Db, from: string, days: number): Promise<SpecialDay[]> {
  return [...(await hoursExceptions(source, from, addDays(from, days - 1))).specialDays];
}

/** Every exception from `from` on, as the Hours page lists and edits them (with ids, and the private reasons). */
export async function upcomingExceptions(env: DbEnv, from: string) {
  const db = getDb(env);
  const [days, blocks] = await db.batch([
    db.select().from(specialDays).where(gte(specialDays.date, from)).orderBy(asc(specialDays.date)),
    db.select().from(blockedTimes).where(gte(blockedTimes.date, from)).orderBy(asc(blockedTimes.date), asc(blockedTimes.startsAt)),
  ]);
  return { specialDays: days, blockedTimes: blocks };
}

export type SlotCheck = { ok: true; startsAt: number } | { ok: false; problem: "closed" | "not-offered" };

/**
 * The server's check of a booking post, for a visitor, a clerk or a move: the day
 * is open and the time is one of its slots as the owner's exceptions leave them.
 */
export async function checkSlot(env: DbEnv, date: string, time: string): Promise<SlotCheck> {
  const schedule = daySchedule(date, await hoursExceptions(env, date, date));
  if (schedule.length === 0) return { ok: false, problem: "closed" };
  const slot = schedule.find((candidate) => candidate.label === time);
  return slot ? { ok: true, startsAt: slot.startsAt } : { ok: false, problem: "not-offered" };
}

/** Whether a stored visit still fits the hours (a visit on a day that became closed or blocked does not). */
export function fitsHours(visit: { date: string; time: string }, exceptions: HoursExceptions): boolean {
  return daySchedule(visit.date, exceptions).some((slot) => slot.label === visit.time);
}
