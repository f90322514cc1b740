import { z } from "zod";
import { bookingCaps } from "~/config/booking";
import { store } from "~/config/store";
import { choiceField, nameField, phoneField } from "./fields";
import { BOOKING_WINDOW_DAYS, checkBookingDate, daySchedule, type DateProblem } from "../slots";

// The appointment form's rules, run by the browser for instant feedback and by
// the server, which also knows which slots are taken.

export const SERVICES = ["Jewelry Consultation", "Custom Design", "Repair"] as const;

const DATE_MESSAGES: Record<DateProblem, string> = {
  invalid: "Please choose a valid date.",
  past: "Please choose today or a later date.",
  "too-far": `Please choose a date within the next ${BOOKING_WINDOW_DAYS} days, or call us to book further ahead.`,
};

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

export const BookingSchema = z
  .object({
    name: nameField,
    phone: phoneField,
    date: dateField,
    time: z.string({ error: TIME_MESSAGES.required }).trim().min(1, TIME_MESSAGES.required),
    service: choiceField(SERVICES, "Please choose a service."),
  })
  .superRefine(({ date, time }, ctx) => {
    const slot = daySchedule(date).find((candidate) => candidate.label === time);
    if (!slot) ctx.addIssue({ code: "custom", path: ["time"], message: TIME_MESSAGES.notOffered });
    else if (slot.startsAt <= Date.now()) ctx.addIssue({ code: "custom", path: ["time"], message: TIME_MESSAGES.passed });
  }, { when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== "date" && issue.path?.[0] !== "time") });

export type BookingRequest = z.output<typeof BookingSchema>;

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
}

/** What a visitor past a booking cap reads (app/config/booking.ts): who to call instead. */
export const CAP_MESSAGES = {
  phone: `This phone number already has ${bookingCaps.upcomingPerPhone} upcoming appointments with us. To book another or change one, please call us at ${store.phone.display}.`,
  daily: `You have booked as many appointments online as we take in one day. To book another, please call us at ${store.phone.display}.`,
} as const;

export const APPOINTMENT_MESSAGES = {
  success: "Appointment booked successfully!",
  failure: "Something went wrong. Try again!",
} as const;
