import { describe, expect, it } from "vitest";
import {
  addDays,
  availableSlots,
  checkBookingDate,
  clockOfLabel,
  daySchedule,
  openingHoursOn,
  specialDayLabel,
  specialDaySentence,
  slotLabel,
} from "./slots";
import { storeDate, storeTimeToInstant } from "./store-time";

// Slot rules, run inside workerd (its Intl time zone data is what production uses).

const WEEKDAY_LABELS = ["11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM", "5:00 PM"];
const SUNDAY_LABELS = [...WEEKDAY_LABELS, "6:00 PM"];
const iso = (instant: number) => new Date(instant).toISOString();

describe("daily schedule", () => {
  // 2026-11-23 is a Monday.
  const week = [
    ["2026-11-23", "Monday"],
    ["2026-11-24", "Tuesday"],
    ["2026-11-25", "Wednesday"],
    ["2026-11-26", "Thursday"],
    ["2026-11-27", "Friday"],
    ["2026-11-28", "Saturday"],
  ] as const;

  for (const [date, weekday] of week) {
    it(`offers 11:00 AM to 5:00 PM on a ${weekday}`, () => {
      expect(daySchedule(date).map((slot) => slot.label)).toEqual(WEEKDAY_LABELS);
    });
  }

  it("offers 11:00 AM to 6:00 PM on a Sunday", () => {
    expect(daySchedule("2026-11-29").map((slot) => slot.label)).toEqual(SUNDAY_LABELS);
  });

  it("writes labels like 11:00 AM, 12:00 PM, 1:00 PM and reads them back", () => {
    expect([slotLabel(11), slotLabel(12), slotLabel(13), slotLabel(0)]).toEqual(["11:00 AM", "12:00 PM", "1:00 PM", "12:00 AM"]);
    expect(clockOfLabel("1:00 PM")).toEqual({ hour: 13, minute: 0 });
    expect(clockOfLabel("12:00 PM")).toEqual({ hour: 12, minute: 0 });
    expect(clockOfLabel("13:00 PM")).toBeNull();
  });

  it("places slots at the right instant in standard and daylight time", () => {
    // CST is UTC-6, CDT is UTC-5.
    expect(iso(daySchedule("2026-12-01")[0]!.startsAt)).toBe("2026-12-01T17:00:00.000Z");
    expect(iso(daySchedule("2026-07-01")[0]!.startsAt)).toBe("2026-07-01T16:00:00.000Z");
  });
});

describe("days the clocks change", () => {
  const changes = [
    // [date, first slot instant, last slot instant]: the whole day is on the new offset by opening time.
    ["2026-03-08", "2026-03-08T16:00:00.000Z", "2026-03-08T23:00:00.000Z"], // spring forward, Sunday, CDT
    ["2026-11-01", "2026-11-01T17:00:00.000Z", "2026-11-02T00:00:00.000Z"], // fall back, Sunday, CST
    ["2027-03-14", "2027-03-14T16:00:00.000Z", "2027-03-14T23:00:00.000Z"],
    ["2027-11-07", "2027-11-07T17:00:00.000Z", "2027-11-08T00:00:00.000Z"],
  ] as const;

  for (const [date, first, last] of changes) {
    it(`gives eight hourly Sunday slots at the right instants on ${date}`, () => {
      const slots = daySchedule(date);
      expect(slots.map((slot) => slot.label)).toEqual(SUNDAY_LABELS);
      expect(iso(slots[0]!.startsAt)).toBe(first);
      expect(iso(slots.at(-1)!.startsAt)).toBe(last);
      for (let i = 1; i < slots.length; i++) expect(slots[i]!.startsAt - slots[i - 1]!.startsAt).toBe(3_600_000);
    });
  }

  it("converts wall-clock times on either side of the 2 AM change", () => {
    expect(iso(storeTimeToInstant("2026-03-08", 1))).toBe("2026-03-08T07:00:00.000Z"); // 1 AM CST
    expect(iso(storeTimeToInstant("2026-03-08", 3))).toBe("2026-03-08T08:00:00.000Z"); // 3 AM CDT
    expect(iso(storeTimeToInstant("2026-11-01", 3))).toBe("2026-11-01T09:00:00.000Z"); // 3 AM CST
  });
});

describe("today in the store's time zone", () => {
  it("is still yesterday in Chicago just after midnight UTC", () => {
    expect(storeDate(Date.parse("2026-12-02T05:30:00Z"))).toBe("2026-12-01");
    expect(storeDate(Date.parse("2026-12-02T06:30:00Z"))).toBe("2026-12-02");
  });

  it("drops today's slots that have already started", () => {
    const now = Date.parse("2026-12-01T20:30:00Z"); // 2:30 PM CST on a Tuesday
    expect(availableSlots("2026-12-01", { now }).map((slot) => slot.label)).toEqual(["3:00 PM", "4:00 PM", "5:00 PM"]);
    expect(availableSlots("2026-12-02", { now })).toHaveLength(7);
  });

  it("offers nothing on a day that is over or out of reach", () => {
    const now = Date.parse("2026-12-01T20:30:00Z");
    expect(availableSlots("2026-11-30", { now })).toEqual([]);
    expect(checkBookingDate("2026-11-30", now)).toBe("past");
    expect(checkBookingDate("2026-12-01", now)).toBeNull();
    expect(checkBookingDate(addDays("2026-12-01", 180), now)).toBeNull();
    expect(checkBookingDate(addDays("2026-12-01", 181), now)).toBe("too-far");
    expect(checkBookingDate("2026-02-30", now)).toBe("invalid");
    expect(checkBookingDate("12/01/2026", now)).toBe("invalid");
  });

  it("drops full slots and keeps those with a free seat", () => {
    const now = Date.parse("2026-12-01T12:00:00Z");
    const booked = new Map([["11:00 AM", 1], ["12:00 PM", 2]]);
    const labels = (capacity: number) => availableSlots("2026-12-02", { now, booked, capacity }).map((slot) => slot.label);
    expect(labels(1)).not.toContain("11:00 AM");
    expect(labels(2)).toContain("11:00 AM");
    expect(labels(2)).not.toContain("12:00 PM");
  });
});

describe("the owner's exceptions to the weekly hours", () => {
  // 2026-12-24 is a Thursday, 2026-12-25 a Friday; 2026-03-08 the Sunday the clocks spring forward.
  const christmas = {
    specialDays: [
      { date: "2026-12-24", closed: false, opens: "10:00", closes: "15:00", note: "Christmas Eve" },
      { date: "2026-12-25", closed: true, opens: null, closes: null, note: "Closed for Christmas" },
    ],
    blockedTimes: [{ date: "2026-12-23", from: "13:00", to: "15:30" }],
  };

  it("offers nothing on a closed day", () => {
    expect(daySchedule("2026-12-25", christmas)).toEqual([]);
    expect(openingHoursOn("2026-12-25", christmas)).toBeNull();
  });

  it("offers a special day's own hours, earlier than the weekly opening", () => {
    expect(daySchedule("2026-12-24", christmas).map((slot) => slot.label)).toEqual(["10:00 AM", "11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM"]);
    expect(iso(daySchedule("2026-12-24", christmas)[0]!.startsAt)).toBe("2026-12-24T16:00:00.000Z");
  });

  it("drops every slot that overlaps a blocked time, even in part", () => {
    expect(daySchedule("2026-12-23", christmas).map((slot) => slot.label)).toEqual(["11:00 AM", "12:00 PM", "4:00 PM", "5:00 PM"]);
  });

  it("leaves the other days on the weekly hours", () => {
    expect(daySchedule("2026-12-22", christmas).map((slot) => slot.label)).toEqual(WEEKDAY_LABELS);
  });

  it("places special hours and blocked times right on the days the clocks change", () => {
    const springForward = {
      specialDays: [{ date: "2026-03-08", closed: false, opens: "09:30", closes: "13:30", note: "" }],
      blockedTimes: [{ date: "2026-03-08", from: "10:30", to: "11:30" }],
    };
    const slots = daySchedule("2026-03-08", springForward);
    expect(slots.map((slot) => slot.label)).toEqual(["9:30 AM", "11:30 AM", "12:30 PM"]);
    expect(slots.map((slot) => iso(slot.startsAt))).toEqual(["2026-03-08T14:30:00.000Z", "2026-03-08T16:30:00.000Z", "2026-03-08T17:30:00.000Z"]);
    const fallBack = { specialDays: [{ date: "2026-11-01", closed: false, opens: "08:00", closes: "10:00", note: "" }], blockedTimes: [] };
    expect(daySchedule("2026-11-01", fallBack).map((slot) => iso(slot.startsAt))).toEqual(["2026-11-01T14:00:00.000Z", "2026-11-01T15:00:00.000Z"]);
  });

  it("keeps the exceptions when it offers what is left of a day", () => {
    const now = Date.parse("2026-12-24T17:30:00Z"); // 11:30 AM CST on Christmas Eve
    expect(availableSlots("2026-12-24", { now, exceptions: christmas }).map((slot) => slot.label)).toEqual(["12:00 PM", "1:00 PM", "2:00 PM"]);
    expect(availableSlots("2026-12-25", { now, exceptions: christmas })).toEqual([]);
  });

  it("names special days as visitors read them", () => {
    expect(christmas.specialDays.map(specialDayLabel)).toEqual(["Thu Dec 24: 10 AM–3 PM", "Fri Dec 25: closed"]);
    expect(specialDayLabel({ date: "2026-12-31", closed: false, opens: "11:00", closes: "16:30", note: "" })).toBe("Thu Dec 31: 11 AM–4:30 PM");
  });
});

describe("a special day as a message to a customer says it", () => {
  const day = (date: string, closed: boolean, opens: string | null, closes: string | null) => ({ date, closed, opens, closes, note: "" });

  it("names a closed day, and other hours by what changes against the weekly hours (Mon-Sat 11-6, Sun 11-7)", () => {
    expect(specialDaySentence(day("2026-12-25", true, null, null))).toBe("We're closed Fri Dec 25.");
    expect(specialDaySentence(day("2026-12-24", false, "11:00", "15:00"))).toBe("Thu Dec 24 we close at 3 PM.");
    expect(specialDaySentence(day("2026-12-26", false, "13:30", "18:00"))).toBe("Sat Dec 26 we open at 1:30 PM.");
    expect(specialDaySentence(day("2026-12-27", false, "10:00", "15:00"))).toBe("Sun Dec 27 we're open 10 AM-3 PM.");
  });

  it("stays in plain ASCII, the GSM-7 alphabet of every text", () => {
    expect(specialDaySentence(day("2026-12-27", false, "10:00", "15:00"))).toMatch(/^[\x20-\x7e]+$/);
  });
});
