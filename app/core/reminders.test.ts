import { describe, expect, it } from "vitest";
import { isQuietHour, outsideQuietHours, reminderTime, reviewRequestTime, withinSendingHours } from "./reminders";
import { daySchedule, NO_EXCEPTIONS } from "./slots";

// Store time is America/Chicago. In 2026 the clocks go forward on March 8 and
// back on November 1; in 2027 on March 14 and November 7 (at 2 AM each time).

const at = (iso: string) => Date.parse(iso);
const visit = (date: string, time = "11:00 AM") => ({ date, startsAt: daySchedule(date).find((slot) => slot.label === time)!.startsAt });
const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

describe("reminder time: the day before at 10:00 AM store time", () => {
  it.each([
    // [visit day, the day before (10 AM) in UTC, what changes]
    ["2026-03-09", "2026-03-08T15:00:00.000Z", "the day before is the first day of daylight time (CDT, UTC-5)"],
    ["2026-03-08", "2026-03-07T16:00:00.000Z", "the visit is on the first day of daylight time; the day before is still CST"],
    ["2026-11-02", "2026-11-01T16:00:00.000Z", "the day before is the first day of standard time (CST, UTC-6)"],
    ["2026-11-01", "2026-10-31T15:00:00.000Z", "the visit is on the first day of standard time; the day before is still CDT"],
    ["2027-03-15", "2027-03-14T15:00:00.000Z", "the 2027 change to daylight time"],
    ["2027-03-14", "2027-03-13T16:00:00.000Z", "a visit on the 2027 change to daylight time"],
    ["2027-11-08", "2027-11-07T16:00:00.000Z", "the 2027 change to standard time"],
    ["2027-11-07", "2027-11-06T15:00:00.000Z", "a visit on the 2027 change to standard time"],
  ])("visit on %s: reminded at %s (%s)", (date, expected) => {
    const bookedWeeksBefore = visit(date).startsAt - 21 * 86_400_000;
    expect(iso(reminderTime(visit(date), bookedWeeksBefore))).toBe(expected);
  });

  it("goes at booking when the day-before 10 AM has already passed", () => {
    const booked = at("2026-12-01T20:00:00Z"); // Tue 2:00 PM CST
    expect(reminderTime(visit("2026-12-02"), booked)).toBe(booked);
    const sameDay = at("2026-12-02T16:30:00Z"); // Wed 10:30 AM, for 11 AM that day
    expect(reminderTime(visit("2026-12-02"), sameDay)).toBe(sameDay);
  });

  it("never in the quiet hours (9 PM to 8 AM store time): a late booking is reminded at 8 AM", () => {
    // Tue 9:30 PM CST for Wed 11 AM: 8:00 AM CST Wednesday.
    expect(iso(reminderTime(visit("2026-12-02"), at("2026-12-02T03:30:00Z")))).toBe("2026-12-02T14:00:00.000Z");
    // Exactly 9:00 PM is quiet; 8:59 PM is not.
    expect(iso(reminderTime(visit("2026-12-02"), at("2026-12-02T03:00:00Z")))).toBe("2026-12-02T14:00:00.000Z");
    expect(iso(reminderTime(visit("2026-12-02"), at("2026-12-02T02:59:00Z")))).toBe("2026-12-02T02:59:00.000Z");
    // Booked at 7:59 AM for 11 AM the same day: 8:00 AM.
    expect(iso(reminderTime(visit("2026-12-02"), at("2026-12-02T13:59:00Z")))).toBe("2026-12-02T14:00:00.000Z");
  });

  it("keeps the quiet hours in store time on the nights the clocks change", () => {
    // Sat Oct 31 2026, 10 PM CDT, for Sun Nov 1 11 AM CST: 8 AM CST (the clocks went back at 2 AM).
    expect(iso(reminderTime(visit("2026-11-01"), at("2026-11-01T03:00:00Z")))).toBe("2026-11-01T14:00:00.000Z");
    // Sat Mar 7 2026, 11 PM CST, for Sun Mar 8 1 PM CDT: 8 AM CDT.
    expect(iso(reminderTime(visit("2026-03-08", "1:00 PM"), at("2026-03-08T05:00:00Z")))).toBe("2026-03-08T13:00:00.000Z");
    // 2027: Sat Nov 6, 9:15 PM CDT, for Sun Nov 7 11 AM CST.
    expect(iso(reminderTime(visit("2027-11-07"), at("2027-11-07T02:15:00Z")))).toBe("2027-11-07T14:00:00.000Z");
    // 2027: Sat Mar 13, 11:30 PM CST, for Sun Mar 14 noon CDT.
    expect(iso(reminderTime(visit("2027-03-14", "12:00 PM"), at("2027-03-14T05:30:00Z")))).toBe("2027-03-14T13:00:00.000Z");
  });

  it("has no reminder once the visit has started", () => {
    const { date, startsAt } = visit("2026-12-02");
    expect(reminderTime({ date, startsAt }, startsAt)).toBeNull();
  });
});

describe("quiet hours", () => {
  it("run from 9 PM to 8 AM store time, in either season", () => {
    expect(isQuietHour(at("2026-12-02T02:59:59Z"))).toBe(false); // 8:59:59 PM CST
    expect(isQuietHour(at("2026-12-02T03:00:00Z"))).toBe(true); // 9:00 PM CST
    expect(isQuietHour(at("2026-12-02T13:59:00Z"))).toBe(true); // 7:59 AM CST
    expect(isQuietHour(at("2026-12-02T14:00:00Z"))).toBe(false); // 8:00 AM CST
    expect(isQuietHour(at("2026-07-01T01:59:00Z"))).toBe(false); // 8:59 PM CDT
    expect(isQuietHour(at("2026-07-01T02:00:00Z"))).toBe(true); // 9:00 PM CDT
    expect(iso(outsideQuietHours(at("2026-07-01T02:00:00Z")))).toBe("2026-07-01T13:00:00.000Z"); // 8:00 AM CDT
  });
});

describe("review request time: the next day the store is open, at 11 AM store time (decision 146)", () => {
  const closed = (...dates: string[]) => ({ ...NO_EXCEPTIONS, specialDays: dates.map((date) => ({ date, closed: true, opens: null, closes: null, note: "" })) });

  it.each([
    // [finished at (UTC), sent at (UTC), what]
    ["2026-12-01T20:00:00Z", "2026-12-02T17:00:00.000Z", "Tue 2 PM CST: Wed 11 AM CST"],
    ["2026-12-02T05:00:00Z", "2026-12-02T17:00:00.000Z", "Tue 11 PM CST (already Wed in UTC): Wed 11 AM"],
    ["2026-12-02T06:30:00Z", "2026-12-03T17:00:00.000Z", "Wed 0:30 AM: the next day is Thursday"],
    ["2026-11-01T04:00:00Z", "2026-11-01T17:00:00.000Z", "Sat 31 Oct 11 PM CDT: Sun 1 Nov 11 AM, now CST"],
    ["2026-03-08T05:00:00Z", "2026-03-08T16:00:00.000Z", "Sat 7 Mar 11 PM CST: Sun 8 Mar 11 AM, now CDT"],
  ])("finished %s: asked %s (%s)", (finished, expected) => {
    expect(iso(reviewRequestTime(at(finished), NO_EXCEPTIONS))).toBe(expected);
  });

  it("skips the days the owner closed, and goes the next day anyway when none is open in two weeks", () => {
    expect(iso(reviewRequestTime(at("2026-12-05T20:00:00Z"), closed("2026-12-06")))).toBe("2026-12-07T17:00:00.000Z");
    const fortnight = Array.from({ length: 15 }, (_, day) => `2026-12-${String(6 + day).padStart(2, "0")}`);
    expect(iso(reviewRequestTime(at("2026-12-05T20:00:00Z"), closed(...fortnight)))).toBe("2026-12-06T17:00:00.000Z");
  });

  it("holds a message to its sending hours: before them until they start, from their end until the next day's", () => {
    const hours = { startHour: 11, endHour: 18 };
    expect(iso(withinSendingHours(at("2026-12-02T16:59:00Z"), hours))).toBe("2026-12-02T17:00:00.000Z");
    expect(iso(withinSendingHours(at("2026-12-02T17:00:00Z"), hours))).toBe("2026-12-02T17:00:00.000Z");
    expect(iso(withinSendingHours(at("2026-12-02T23:59:00Z"), hours))).toBe("2026-12-02T23:59:00.000Z");
    expect(iso(withinSendingHours(at("2026-12-03T00:00:00Z"), hours))).toBe("2026-12-03T17:00:00.000Z");
  });
});
