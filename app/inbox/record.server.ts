import { data, type RouterContextProvider } from "react-router";
import { auditStaffAction } from "~/audit/log.server";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { getDb } from "~/db/client.server";
import type { LeadStatus } from "~/db/schema";
import { checkHoneypot } from "~/http/form.server";
import { wantsInlineAnswer } from "~/http/inline-answer";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { setAppointmentStatus } from "~/leads/appointment-status.server";
import { kindOfInbox, LEADS, type LeadKind } from "~/leads/kinds";
import { formatCalendarDay, formatStoreDateTime } from "~/leads/store-time";
import { bookingEmail, recordHistory, textingState } from "./messages.server";
import { getLead, orderPhotos, updateLead } from "./queries.server";
import { SEAT_TAKEN_ERROR, STATUS_ERROR, type StatusActionData } from "./rules";
import { isStatusFor, recordHref, STATUS_LABELS } from "./view";

// One lead's record page: what it shows, and the status change an inbox row posts to it.

export function notFound(): never {
  throw data("Not found", { status: 404 });
}

/** The kind and id from /dashboard/:inbox/:id, or a 404 for anything else. */
export function recordParams(params: { inbox?: string; id?: string }): { kind: LeadKind; id: number } {
  const kind = kindOfInbox(params.inbox);
  const id = Number(params.id);
  if (!kind || !/^\d{1,15}$/.test(params.id ?? "") || !Number.isSafeInteger(id)) notFound();
  return { kind, id };
}

export async function loadRecord(env: Env, kind: LeadKind, id: number) {
  const lead = await getLead(env.DB, kind, id);
  if (!lead) notFound();
  const db = getDb(env);
  const now = Date.now();
  const [history, texting, bookedEmail] = await Promise.all([
    recordHistory(db, lead, now),
    textingState(env, db, lead.phone, now),
    lead.kind === "appointment" ? bookingEmail(db, lead.id) : null,
  ]);
  return {
    photos: lead.kind === "order" && lead.photoCount > 0 ? await orderPhotos(env.DB, id) : [],
    lead: {
      ...lead,
      createdAtLabel: formatStoreDateTime(lead.createdAt),
      ...(lead.kind === "appointment"
        ? { dateLabel: formatCalendarDay(lead.date), upcoming: lead.startsAt >= now, bookedEmail }
        : {}),
    },
    history,
    texting,
  };
}

/** A status (and note) set by staff; an appointment's may tell the visitor and changes its calendar file. */
export function changeLead(
  context: Readonly<RouterContextProvider>,
  kind: LeadKind,
  id: number,
  changes: { status: LeadStatus; staffNote?: string },
) {
  return kind === "appointment" ? setAppointmentStatus(context, id, changes) : updateLead(getCloudflare(context).env.DB, kind, id, changes);
}

/** Only back into the staff area; anything else returns to the record. */
function returnPath(value: FormDataEntryValue | null, fallback: string) {
  const path = safeRedirectPath(value, fallback);
  return /^\/dashboard(?=[/?#]|$)/.test(path) ? path : fallback;
}

/**
 * The status picker of an inbox row: with JavaScript a fetcher that wants the
 * answer inline, without it a plain post that returns to the list with a toast.
 */
export async function saveRowStatus(
  context: Readonly<RouterContextProvider>,
  request: Request,
  kind: LeadKind,
  id: number,
  formData: FormData,
) {
  checkHoneypot(formData);
  const status = formData.get("status");
  const inline = wantsInlineAnswer(formData);
  if (!isStatusFor(kind, status)) {
    if (inline) return data<StatusActionData>({ ok: false, error: STATUS_ERROR }, { status: 400 });
    throw data(STATUS_ERROR, { status: 400 });
  }
  const outcome = await changeLead(context, kind, id, { status });
  if (outcome === "not-found") notFound();
  if (outcome === "seat-taken") {
    if (inline) return data<StatusActionData>({ ok: false, error: SEAT_TAKEN_ERROR }, { status: 409 });
    throw data(SEAT_TAKEN_ERROR, { status: 409 });
  }
  await auditStaffAction(context, request, "lead-status-changed", { target: `${LEADS[kind].inbox} #${id}`, details: { status } });
  if (inline) return data<StatusActionData>({ ok: true, status });
  return redirectWithToast(context, returnPath(formData.get("returnTo"), recordHref(kind, id)), {
    type: "success",
    message: `Status set to ${STATUS_LABELS[status]}.`,
  });
}
