import { and, eq, gt, inArray, notInArray } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { getDb } from "~/db/client.server";
import { appointments, blockedTimes, SEAT_RELEASING_STATUSES, specialDays } from "~/db/schema";
import { parseForm } from "~/http/form.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { daySchedule, minutesOf, openingHoursOn, specialDayLabel, weeklyHoursOn } from "~/core/slots";
import { formatCalendarDay, formatStoreDateTime, storeDate } from "~/core/store-time";
import { hoursSummary } from "~/config/store";
import { leadHref } from "~/core/dashboard-links";
import { fitsHours, hoursExceptions, upcomingExceptions } from "~/hours/exceptions.server";
import { askToMove, movesAsked } from "~/leads/move-request.server";
import { AskToMoveSchema, BlockedTimeSchema, HOURS_MESSAGES, RemoveSchema, SpecialDaySchema } from "./hours-rules";

// The Hours page (decision 139): the owner's special days and blocked times,
// the visits they leave outside the hours, and the owner's request to each of
// those customers to choose another time. Staff read it; only the owner posts
// (403 for anyone else). Every change is in the audit trail.

export const HOURS_PATH = "/dashboard/hours";

/** "1:00 PM" style for an "HH:MM". */
function clockLabel(time: string): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

const span = (from: string, to: string) => `${clockLabel(from)}–${clockLabel(to)}`;

export async function hoursPage(context: Readonly<RouterContextProvider>) {
  const { env } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const now = Date.now();
  const today = storeDate(now);
  const upcoming = await upcomingExceptions(env, today);
  const dates = [...new Set([...upcoming.specialDays.map((day) => day.date), ...upcoming.blockedTimes.map((block) => block.date)])];
  const exceptions = {
    specialDays: upcoming.specialDays,
    blockedTimes: upcoming.blockedTimes.map((block) => ({ date: block.date, from: block.startsAt, to: block.endsAt })),
  };
  // Visits still ahead on a day with an exception, that the exceptions leave without their slot.
  const booked = dates.length
    ? await getDb(env)
        .select({ id: appointments.id, name: appointments.name, date: appointments.date, time: appointments.time, service: appointments.service })
        .from(appointments)
        .where(and(inArray(appointments.date, dates), gt(appointments.startsAt, new Date(now)), notInArray(appointments.status, SEAT_RELEASING_STATUSES)))
        .orderBy(appointments.startsAt)
    : [];
  const toMove = booked.filter((visit) => !fitsHours(visit, exceptions));
  const asked = await movesAsked(env, toMove.map((visit) => visit.id));
  return {
    isOwner: user.role === "owner",
    today,
    weekly: hoursSummary,
    specialDays: upcoming.specialDays.map((day) => ({
      id: day.id,
      date: day.date,
      label: specialDayLabel(day),
      note: day.note,
      by: day.createdBy,
    })),
    blockedTimes: upcoming.blockedTimes.map((block) => ({
      id: block.id,
      date: block.date,
      day: formatCalendarDay(block.date),
      span: span(block.startsAt, block.endsAt),
      reason: block.reason,
      by: block.createdBy,
    })),
    toMove: toMove.map((visit) => {
      const hours = openingHoursOn(visit.date, exceptions);
      const why = !hours ? "Closed that day" : daySchedule(visit.date, { specialDays: exceptions.specialDays, blockedTimes: [] }).some((slot) => slot.label === visit.time) ? "In a blocked time" : `Outside that day's hours (${span(hours.opens, hours.closes)})`;
      const askedAt = asked.get(visit.id);
      return { ...visit, href: leadHref("appointment", visit.id), when: `${formatCalendarDay(visit.date)} at ${visit.time}`, why, askedAt: askedAt ? formatStoreDateTime(askedAt) : null };
    }),
  };
}

type FieldErrors = Record<string, string[]>;

/** The refused form comes back with what was typed, and why by each field. */
function refuser(formData: FormData) {
  const values = Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return (form: string, fieldErrors: FieldErrors, status = 400, formErrors: string[] = []) =>
    data({ form, fieldErrors, formErrors, values }, { status });
}

/** Field errors of a refused parse, by field name. */
function errorsOf(error: Record<string, string[] | null> | null | undefined): FieldErrors {
  return Object.fromEntries(Object.entries(error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)));
}

export async function hoursAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { env } = getCloudflare(context);
  const user = context.get(staffUserContext);
  if (user.role !== "owner") throw data(HOURS_MESSAGES.ownerOnly, { status: 403 });
  const db = getDb(env);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const refuse = refuser(formData);

  if (intent === "add-special-day") {
    const submission = parseForm(formData, SpecialDaySchema);
    if (submission.status !== "success") return refuse("special-day", errorsOf(submission.error));
    const day = submission.value;
    const [stored] = await db.insert(specialDays).values({ ...day, createdBy: user.email }).onConflictDoNothing().returning({ id: specialDays.id });
    if (!stored) return refuse("special-day", { date: [HOURS_MESSAGES.duplicateDay] }, 409);
    await auditStaffAction(context, request, "special-day-added", { target: day.date, details: { hours: specialDayLabel(day), note: day.note } });
    return redirectWithToast(context, HOURS_PATH, { type: "success", message: `Saved: ${specialDayLabel(day)}.` });
  }

  if (intent === "add-blocked-time") {
    const submission = parseForm(formData, BlockedTimeSchema);
    if (submission.status !== "success") return refuse("blocked-time", errorsOf(submission.error));
    const block = submission.value;
    const exceptions = await hoursExceptions(env, block.date, block.date);
    const hours = openingHoursOn(block.date, exceptions);
    if (!hours) return refuse("blocked-time", { date: [HOURS_MESSAGES.closedDay] });
    if (minutesOf(block.from) < minutesOf(hours.opens) || minutesOf(block.to) > minutesOf(hours.closes)) {
      const message = `The store is open ${span(hours.opens, hours.closes)} that day: block a time within those hours.`;
      return refuse("blocked-time", { from: [message] });
    }
    const overlapping = exceptions.blockedTimes.find((other) => minutesOf(other.from) < minutesOf(block.to) && minutesOf(block.from) < minutesOf(other.to));
    if (overlapping) {
      return refuse("blocked-time", { from: [`This overlaps the time already blocked that day, ${span(overlapping.from, overlapping.to)}.`] });
    }
    await db.insert(blockedTimes).values({ date: block.date, startsAt: block.from, endsAt: block.to, reason: block.reason ?? "", createdBy: user.email });
    const label = `${formatCalendarDay(block.date)}, ${span(block.from, block.to)}`;
    await auditStaffAction(context, request, "blocked-time-added", { target: block.date, details: { from: block.from, to: block.to } });
    return redirectWithToast(context, HOURS_PATH, { type: "success", message: `Blocked: ${label}.` });
  }

  if (intent === "remove-special-day" || intent === "remove-blocked-time") {
    const submission = parseForm(formData, RemoveSchema);
    if (submission.status !== "success") return refuse("remove", {}, 400, [HOURS_MESSAGES.notFound]);
    const { id } = submission.value;
    const special = intent === "remove-special-day";
    const [removed] = special
      ? await db.delete(specialDays).where(eq(specialDays.id, id)).returning({ date: specialDays.date, from: specialDays.opens, to: specialDays.closes })
      : await db.delete(blockedTimes).where(eq(blockedTimes.id, id)).returning({ date: blockedTimes.date, from: blockedTimes.startsAt, to: blockedTimes.endsAt });
    if (!removed) return refuse("remove", {}, 404, [HOURS_MESSAGES.notFound]);
    await auditStaffAction(context, request, special ? "special-day-removed" : "blocked-time-removed", {
      target: removed.date,
      details: { from: removed.from, to: removed.to },
    });
    const weekly = weeklyHoursOn(removed.date);
    const back = weekly ? `${span(weekly.opens, weekly.closes)}` : "closed";
    return redirectWithToast(context, HOURS_PATH, {
      type: "success",
      message: special ? `Removed: ${formatCalendarDay(removed.date)} is back to its weekly hours (${back}).` : "Removed the blocked time.",
    });
  }

  if (intent === "ask-to-move") {
    const submission = parseForm(formData, AskToMoveSchema);
    if (submission.status !== "success") return refuse("move", {}, 400, [HOURS_MESSAGES.notFound]);
    const outcome = await askToMove(context, submission.value.id, user.email);
    if (outcome === "not-found") return refuse("move", {}, 404, [HOURS_MESSAGES.notFound]);
    if (outcome === "no-channel") return refuse("move", {}, 409, ["This customer gave no e-mail and no consent to texts: please call them."]);
    if (outcome === "asked") await auditStaffAction(context, request, "move-requested", { target: `appointments #${submission.value.id}` });
    return redirectWithToast(context, HOURS_PATH, {
      type: "success",
      message: outcome === "asked" ? "Sent: the customer is asked to choose another time." : "This customer was asked already.",
    });
  }
  return refuse("unknown", {}, 400, ["We couldn't read this form. Please reload the page and try again."]);
}
