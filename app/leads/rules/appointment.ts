import { z } from "zod";
import { bookingCaps } from "~/config/booking";
import { store } from "~/config/store";
import { textablePhone } from "../../core/phone";
import { choiceField, emailField, nameField, phoneField } from "./fields";
import { BOOKING_WINDOW_DAYS, checkBookingDate, slotStart, type DateProblem } from "../../core/slots";

// The appointment form's rules, run by the browser for instant feedback and by
// the server, which also knows which slots are taken.

export const SERVICES = ["Jewelry Consultation", "Custom Design", "Repair"] as const;

const DATE_MESSAGES: Record<DateProblem, string> = {
  invalid: "Please choose a valid date.",
  past: "Please choose today or a later date.",
  "too-far": `Please choose a date within the next ${BOOKING_WINDOW_DAYS} days, or call us to book further ahead.`,
};

const MANAGE_MESSAGES_STALE = "This appointment changed since this page was opened. Here it is as it stands now.";

/** A booking post for a day the store closed (perhaps after the page loaded). */
export const CLOSED_DAY_MESSAGE = "Sorry, the store is closed on that day. Please choose one of the open days.";

export const TIME_MESSAGES = {
  required: "Please choose a time.",
  notOffered: "Please choose one of the listed times.",
  passed: "That time has already passed. Please choose a later time.",
  taken: "Sorry, that time was just taken. Please choose another time.",
} as const;

const dateField = z
  .string({ error: "Please choose a date." })
  .trim()
  .min(1, "Please choose a date.")
  .superRefine((date, ctx) => {
    const problem = checkBookingDate(date);
    if (problem) ctx.addIssue({ code: "custom", message: DATE_MESSAGES[problem] });
  });

const timeField = z.string({ error: TIME_MESSAGES.required }).trim().min(1, TIME_MESSAGES.required);

/**
 * The chosen time must be a time of day and still ahead; judged once date and time are each valid.
 * Whether the store offers it that day (weekly hours, the owner's special days and blocked times)
 * is the server's check, against the one availability source (app/hours/exceptions.server.ts).
 */
const offeredSlot = [
  ({ date, time }: { date: string; time: string }, ctx: z.RefinementCtx) => {
    const startsAt = slotStart(date, time);
    if (startsAt === null) ctx.addIssue({ code: "custom", path: ["time"], message: TIME_MESSAGES.notOffered });
    else if (startsAt <= Date.now()) ctx.addIssue({ code: "custom", path: ["time"], message: TIME_MESSAGES.passed });
  },
  { when: (payload: { issues: readonly { path?: PropertyKey[] }[] }) => payload.issues.every((issue) => issue.path?.[0] !== "date" && issue.path?.[0] !== "time") },
] as const;

/** The label of the booking form's optional SMS box; the disclosure beside it is SMS_CONSENT_TEXT. */
export const SMS_OPT_IN_LABEL = "Text me a confirmation and a reminder";
export const SMS_PHONE_MESSAGE =
  "To get texts, enter a 10-digit US phone number with its area code, or untick the text box.";

export const BookingSchema = z
  .object({
    name: nameField,
    phone: phoneField,
    date: dateField,
    time: timeField,
    service: choiceField(SERVICES, "Please choose a service."),
    /** Optional: where the confirmation and the reminder are e-mailed. */
    email: emailField.optional(),
    /** Optional and unticked by default: the confirmation and the reminder by text. */
    smsConsent: z.literal("on", { error: "Tick the box to get texts, or leave it empty." }).optional(),
  })
  .superRefine(...offeredSlot)
  .superRefine(({ phone, smsConsent }, ctx) => {
    if (smsConsent && !textablePhone(phone)) ctx.addIssue({ code: "custom", path: ["phone"], message: SMS_PHONE_MESSAGE });
  }, { when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== "phone" && issue.path?.[0] !== "smsConsent") });

export type BookingRequest = z.output<typeof BookingSchema>;

// The manage page's two changes. Each carries the slot the visitor was shown
// (`current`), so a stale or replayed post changes nothing (docs/decisions/067).
const currentSlot = z.string({ error: MANAGE_MESSAGES_STALE }).min(1, MANAGE_MESSAGES_STALE).max(40, MANAGE_MESSAGES_STALE);

export const CancelSchema = z.object({ intent: z.literal("cancel"), current: currentSlot });

/** A new date and time for a booked visit, by the same slot rules as booking. */
export const RescheduleSchema = z
  .object({ intent: z.literal("reschedule"), current: currentSlot, date: dateField, time: timeField })
  .superRefine(...offeredSlot);

export const MANAGE_MESSAGES = {
  stale: MANAGE_MESSAGES_STALE,
  alreadyCancelled: "This appointment is already cancelled. To come in after all, book a new time.",
  same: "That is your appointment's time already. Please choose another time.",
  taken: TIME_MESSAGES.taken,
  notOpen: "That time is not open. Please choose one of the listed times.",
  dayNotOffered: "That day has no open times to choose. Please choose one of the listed days.",
  cancelled: "Your appointment is cancelled.",
  moved: "Your appointment is moved.",
  invalidLink: "We couldn't find an appointment for this link. It may be incomplete: please open it again from your confirmation, or call us.",
  ended: "This appointment has passed, so this link no longer changes it.",
} as const;

/** Where the booking form finds the open times for a day (loader and action both answer with it). */
export interface Availability {
  date: string;
  slots: string[];
  /** When the server looked (epoch ms): the newest answer wins. */
  checkedAt: number;
}

/** A stored booking as the visitor may see it again (no name or phone). */
export interface BookedAppointment {
  reference: string;
  date: string;
  time: string;
  service: string;
  /** Where the visitor cancels or reschedules it (a signed link). */
  managePath: string;
}

/** What a visitor past a booking cap reads (app/config/booking.ts): who to call instead. */
export const CAP_MESSAGES = {
  phone: `This phone number already has ${bookingCaps.upcomingPerPhone} upcoming appointments with us. To book another or change one, please call us at ${store.phone.display}.`,
  daily: `We take a few online bookings a day from each device and network, and this one has reached today's: please call us at ${store.phone.display}, and we book the visit with you on the phone.`,
} as const;

export const APPOINTMENT_MESSAGES = {
  success: "You're booked.",
  failure: "Something went wrong. Try again!",
} as const;
