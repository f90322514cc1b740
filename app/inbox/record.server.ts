import { data, type RouterContextProvider } from "react-router";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { getDb } from "~/db/client.server";
import { checkHoneypot } from "~/http/form.server";
import { wantsInlineAnswer } from "~/http/inline-answer";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { setAppointmentStatus } from "~/inbox/appointment-status.server";
import { kindOfList, LEADS, type LeadKind } from "~/core/lead-kinds";
import { announceLeadChange } from "../../party/client.server";
import { formatCalendarDay, formatStoreDateTime } from "~/core/store-time";
import { bookingEmail } from "./messages.server";
import { textingState } from "~/records/staff-texts.server";
import { getLead, orderPhotos, updateLead, type UpdateOutcome } from "./queries.server";
import {
  changedByMessage,
  SEAT_TAKEN_ERROR,
  STATUS_ERROR,
  VERSION_ERROR,
  versionField,
  type SaveConflict,
  type StatusActionData,
} from "./rules";
import type { LeadWithChange } from "./types";
import { leadHref } from "~/core/dashboard-links";
import { LEAD_STATUS_LABELS } from "~/core/lead-statuses";
import { parseRowId } from "~/core/row-id";
import { isStatusFor } from "./view";

// One lead's record page: what it shows, and the status change an inbox row posts to it.

export function notFound(): never {
  throw data("Not found", { status: 404 });
}

/** The kind and id from /dashboard/:inbox/:id, or a 404 for anything else. */
export function recordParams(params: { inbox?: string; id?: string }): { kind: LeadKind; id: number } {
  const kind = kindOfList(params.inbox);
  const id = parseRowId(params.id);
  if (!kind || id === null) notFound();
  return { kind, id };
}

export async function loadRecord(env: Env, kind: LeadKind, id: number) {
  const lead = await getLead(env, kind, id);
  if (!lead) notFound();
  const db = getDb(env);
  const now = Date.now();
  const [texting, bookedEmail] = await Promise.all([
    textingState(env, db, { list: LEADS[kind].list, id, phone: lead.phone }, now),
    lead.kind === "appointment" ? bookingEmail(db, lead.id) : null,
  ]);
  return {
    photos: lead.kind === "order" && lead.photoCount > 0 ? await orderPhotos(env, id) : [],
    lead: {
      ...lead,
      createdAtLabel: formatStoreDateTime(lead.createdAt),
      ...(lead.kind === "appointment"
        ? { dateLabel: formatCalendarDay(lead.date), upcoming: lead.startsAt >= now, bookedEmail }
        : {}),
    },
    texting,
  };
}

/**
 * Saves a status as the signed-in staff member, over the version the
 * form started from (docs/decisions/106); open dashboards and record pages refresh.
 * An appointment's may tell the visitor and changes its calendar file (decision 093).
 */
export async function saveLead(
  context: Readonly<RouterContextProvider>,
  kind: LeadKind,
  id: number,
  changes: Parameters<typeof updateLead>[3],
): Promise<UpdateOutcome> {
  const { env, ctx } = getCloudflare(context);
  const { email } = context.get(staffUserContext);
  const by = { email, now: Date.now() };
  // An appointment's status also moves its seat, its calendar file and what the visitor is told.
  const saved =
    kind === "appointment" ? await setAppointmentStatus(context, id, changes, by) : await updateLead(env, kind, id, changes, by);
  if (saved.outcome === "updated") ctx.waitUntil(announceLeadChange(env, kind, id));
  return saved;
}

/** What a save that met a newer change answers: the lead as it is now, and who changed it when. */
export function saveConflict(current: LeadWithChange): SaveConflict {
  const atLabel = current.updatedAt === null ? null : formatStoreDateTime(current.updatedAt);
  return {
    message: changedByMessage(current.updatedBy, atLabel),
    status: current.status,
    version: current.version,
  };
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
  const version = versionField.safeParse(formData.get("version"));
  const inline = wantsInlineAnswer(formData);
  if (!isStatusFor(kind, status) || !version.success) {
    const error = isStatusFor(kind, status) ? VERSION_ERROR : STATUS_ERROR;
    if (inline) return data<StatusActionData>({ ok: false, error }, { status: 400 });
    throw data(error, { status: 400 });
  }
  const saved = await saveLead(context, kind, id, { status, version: version.data });
  if (saved.outcome === "not-found") notFound();
  if (saved.outcome === "seat-taken") {
    if (inline) return data<StatusActionData>({ ok: false, error: SEAT_TAKEN_ERROR }, { status: 409 });
    throw data(SEAT_TAKEN_ERROR, { status: 409 });
  }
  if (saved.outcome === "conflict") {
    const { current } = saved;
    const atLabel = current.updatedAt === null ? null : formatStoreDateTime(current.updatedAt);
    const error = changedByMessage(current.updatedBy, atLabel, `it is ${LEAD_STATUS_LABELS[current.status]} now; nothing was saved`);
    if (inline) return data<StatusActionData>({ ok: false, error, version: current.version }, { status: 409 });
    return redirectWithToast(context, returnPath(formData.get("returnTo"), leadHref(kind, id)), { type: "error", message: error });
  }
  await auditStaffAction(context, request, "lead-status-changed", { target: `${LEADS[kind].list} #${id}`, details: { status } });
  if (inline) return data<StatusActionData>({ ok: true, status, version: saved.version });
  return redirectWithToast(context, returnPath(formData.get("returnTo"), leadHref(kind, id)), {
    type: "success",
    message: `Status set to ${LEAD_STATUS_LABELS[status]}.`,
  });
}
