import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { LeadStatus } from "~/db/schema";
import { checkHoneypot } from "~/http/honeypot.server";
import { getCloudflare } from "~/http/request-context";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import { isInbox, isStatusFor, recordHref, STATUS_LABELS, type Inbox } from "~/inbox/view";
import { VIA_FETCHER, type StatusActionData } from "~/components/inbox/status-form";
import { formatCalendarDay, formatStoreDateTime, getLead, updateLead } from "./queries.server";

type DetailsSchema = z.ZodType<{ status: LeadStatus; staffNote: string }>;

function notFound(): never {
  throw data("Not found", { status: 404 });
}

/** The inbox and id from the URL, or a 404 for anything else. */
function recordParams(params: { inbox?: string; id?: string }): { inbox: Inbox; id: number } {
  const id = Number(params.id);
  if (!isInbox(params.inbox) || !/^\d{1,15}$/.test(params.id ?? "") || !Number.isSafeInteger(id)) notFound();
  return { inbox: params.inbox, id };
}

export async function loadRecord(env: Env, params: { inbox?: string; id?: string }) {
  const { inbox, id } = recordParams(params);
  const lead = await getLead(env.DB, inbox, id);
  if (!lead) notFound();
  return {
    lead: {
      ...lead,
      createdAtLabel: formatStoreDateTime(lead.createdAt),
      ...(lead.inbox === "appointments"
        ? { dateLabel: formatCalendarDay(lead.date), upcoming: lead.startsAt >= Date.now() }
        : {}),
    },
  };
}

/** Only back into the staff area; anything else returns to the record. */
function returnPath(value: FormDataEntryValue | null, fallback: string) {
  const path = safeRedirectPath(value, fallback);
  return /^\/dashboard(?=[/?#]|$)/.test(path) ? path : fallback;
}

/**
 * Two forms post here: the status picker of an inbox row (intent=status; a
 * fetcher with JavaScript, a plain post without) and the record page's
 * status-and-note form (intent=details, the team's conform pattern).
 */
export async function saveRecord(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { inbox?: string; id?: string },
  detailsSchemaFor: (inbox: Inbox) => DetailsSchema,
) {
  const { env } = getCloudflare(context);
  const { inbox, id } = recordParams(params);
  const formData = await request.formData();
  checkHoneypot(formData);
  const db = env.DB;

  if (formData.get("intent") === "status") {
    const status = formData.get("status");
    const viaFetcher = formData.get("via") === VIA_FETCHER;
    if (!isStatusFor(inbox, status)) {
      const error = "Choose one of the listed statuses.";
      if (viaFetcher) return data<StatusActionData>({ ok: false, error }, { status: 400 });
      throw data(error, { status: 400 });
    }
    if (!(await updateLead(db, inbox, id, { status }))) notFound();
    if (viaFetcher) return data<StatusActionData>({ ok: true, status });
    return redirectWithToast(returnPath(formData.get("returnTo"), recordHref(inbox, id)), {
      type: "success",
      message: `Status set to ${STATUS_LABELS[status]}.`,
    });
  }

  const submission = parseWithZod(formData, { schema: detailsSchemaFor(inbox) });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { status, staffNote } = submission.value;
  if (!(await updateLead(db, inbox, id, { status, staffNote }))) notFound();
  return redirectWithToast(recordHref(inbox, id), { type: "success", message: "Saved." });
}
