import { z } from "zod";
import { optionalSingleLine } from "~/leads/rules/fields";
import { parseDate, storeDate } from "~/core/store-time";

// What the owner posts on the Hours page (decision 139). The server also checks
// what needs the stored exceptions: one special day per date, a blocked time
// inside the day's hours and clear of the others (app/dashboard/hours-page.server.ts).

/** "HH:MM" on the hour or half hour, 24-hour clock, as a time box with step 1800 sends it. */
const CLOCK = /^([01]\d|2[0-3]):(00|30)$/;

export const HOURS_MESSAGES = {
  date: "Choose a day.",
  past: "Choose today or a later day: a day that has passed can't be changed.",
  clock: "Enter a time on the hour or half hour, like 10:00 or 14:30.",
  opens: "Enter the opening time.",
  closes: "Enter the closing time.",
  closesBeforeOpens: "The store must close at least an hour after it opens.",
  kind: "Choose closed, or open at other hours.",
  from: "Enter when the blocked time starts.",
  to: "Enter when the blocked time ends.",
  endsBeforeStarts: "The blocked time must end after it starts.",
  duplicateDay: "That day already has special hours. Remove them first to set new ones.",
  closedDay: "The store is closed that day, so there is no time to block.",
  notFound: "That entry is gone already. The page shows the hours as they stand.",
  ownerOnly: "Only the store's owner changes the hours.",
} as const;

const dayField = z
  .string({ error: HOURS_MESSAGES.date })
  .trim()
  .min(1, HOURS_MESSAGES.date)
  .refine((value) => parseDate(value) !== null, HOURS_MESSAGES.date)
  .refine((value) => value >= storeDate(), HOURS_MESSAGES.past);

const clockField = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).regex(CLOCK, HOURS_MESSAGES.clock);

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

export const SpecialDaySchema = z
  .object({
    intent: z.literal("add-special-day"),
    date: dayField,
    kind: z.enum(["closed", "hours"], { error: HOURS_MESSAGES.kind }),
    opens: z.string().trim().optional(),
    closes: z.string().trim().optional(),
    note: optionalSingleLine(80, "The note"),
  })
  .transform((day, ctx) => {
    if (day.kind === "closed") return { date: day.date, closed: true, opens: null, closes: null, note: day.note ?? "" };
    const opens = clockField(HOURS_MESSAGES.opens).safeParse(day.opens ?? "");
    const closes = clockField(HOURS_MESSAGES.closes).safeParse(day.closes ?? "");
    if (!opens.success) ctx.addIssue({ code: "custom", path: ["opens"], message: opens.error.issues[0]!.message });
    if (!closes.success) ctx.addIssue({ code: "custom", path: ["closes"], message: closes.error.issues[0]!.message });
    if (!opens.success || !closes.success) return z.NEVER;
    if (minutes(closes.data) - minutes(opens.data) < 60) {
      ctx.addIssue({ code: "custom", path: ["closes"], message: HOURS_MESSAGES.closesBeforeOpens });
      return z.NEVER;
    }
    return { date: day.date, closed: false, opens: opens.data, closes: closes.data, note: day.note ?? "" };
  });

export const BlockedTimeSchema = z
  .object({
    intent: z.literal("add-blocked-time"),
    date: dayField,
    from: clockField(HOURS_MESSAGES.from),
    to: clockField(HOURS_MESSAGES.to),
    reason: optionalSingleLine(200, "The reason"),
  })
  .superRefine((block, ctx) => {
    if (minutes(block.to) <= minutes(block.from)) ctx.addIssue({ code: "custom", path: ["to"], message: HOURS_MESSAGES.endsBeforeStarts });
  });

export const RemoveSchema = z.object({
  intent: z.enum(["remove-special-day", "remove-blocked-time"]),
  id: z.coerce.number().int().positive(),
});

/** The owner asks the customer of a visit the hours no longer allow to choose another time. */
export const AskToMoveSchema = z.object({ intent: z.literal("ask-to-move"), id: z.coerce.number().int().positive() });
