import { data } from "react-router";
import type { Route } from "./+types/record";
import { RecordCard, RecordErrorPage, RecordPage } from "~/components/dashboard/record-page";
import { FollowUpForm } from "~/components/inbox/follow-up-form";
import { RecordDetails } from "~/components/inbox/record-details";
import { AppointmentChanges } from "~/components/inbox/appointment-changes";
import { auditStaffAction } from "~/audit/log.server";
import { RecordPhotos } from "~/components/inbox/record-photos";
import { NoteForm } from "~/components/dashboard/note-form";
import { RecordTimeline } from "~/components/dashboard/record-timeline";
import { StaffTextForm } from "~/components/inbox/staff-text-form";
import { useLiveRecord } from "~/components/inbox/use-live-record";
import { parseForm } from "~/http/form.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { sendStaffText } from "~/records/staff-texts.server";
import { getLead } from "~/inbox/queries.server";
import { loadRecord, notFound, recordParams, saveConflict, saveLead, saveRowStatus } from "~/inbox/record.server";
import { DETAILS_SCHEMAS, SEAT_TAKEN_ERROR } from "~/inbox/rules";
import { leadHref, savedHref } from "~/core/dashboard-links";
import { LEAD_STATUS_LABELS } from "~/core/lead-statuses";
import { tabHref } from "~/inbox/view";
import { LEADS } from "~/core/lead-kinds";
import { LISTS } from "~/core/staff-lists";
import { recordTimeline } from "~/dashboard/record-timeline.server";
import { markTextsRead } from "~/dashboard/unread.server";
import { staffUserContext } from "~/auth/guard.server";
import { getDb } from "~/db/client.server";
import { addNote } from "~/records/notes.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.lead.name} | Staff dashboard` : "Not found | Staff dashboard";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { kind, id } = recordParams(params);
  const { env } = getCloudflare(context);
  // Opening the record reads the customer's texts on it (decision 144).
  const [record] = await Promise.all([loadRecord(env, kind, id), markTextsRead(env, context.get(staffUserContext).id, LEADS[kind].list, id)]);
  return { ...record, timeline: await recordTimeline(getDb(env), LEADS[kind].list, record.lead), noteFormId: crypto.randomUUID() };
}

/**
 * Four forms post here: an inbox row's status picker (intent=status), this page's status form, its note form
 * (intent=note) and its text form (intent=text).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { kind, id } = recordParams(params);
  const formData = await request.formData();
  if (formData.get("intent") === "status") return saveRowStatus(context, request, kind, id, formData);
  if (formData.get("intent") === "text") {
    const lead = await getLead(getCloudflare(context).env, kind, id);
    if (!lead) notFound();
    return sendStaffText(context, request, { list: LEADS[kind].list, id, phone: lead.phone }, formData);
  }
  if (formData.get("intent") === "note") return addNote(context, request, LEADS[kind].list, id, formData);

  const submission = parseForm(formData, DETAILS_SCHEMAS[kind]);
  if (submission.status !== "success") return data({ result: submission.reply(), conflict: null }, { status: 400 });
  const saved = await saveLead(context, kind, id, submission.value);
  if (saved.outcome === "not-found") notFound();
  if (saved.outcome === "seat-taken") return data({ result: submission.reply({ fieldErrors: { status: [SEAT_TAKEN_ERROR] } }), conflict: null }, { status: 409 });
  // Nothing is written over a newer change: the answer shows it, and the form keeps what this clerk wrote.
  if (saved.outcome === "conflict") return data({ result: submission.reply(), conflict: saveConflict(saved.current) }, { status: 409 });
  await auditStaffAction(context, request, "lead-status-changed", { target: `${LEADS[kind].list} #${id}`, details: { status: submission.value.status } });
  return redirectWithToast(context, savedHref(leadHref(kind, id), "status"), { type: "success", message: "Status saved." });
}

export default function LeadRecordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, photos, timeline, texting, noteFormId } = loaderData;
  useLiveRecord(lead.kind, lead.id);

  return (
    <RecordPage
      backTo={tabHref(lead.kind)}
      backLabel={LISTS[LEADS[lead.kind].list].label}
      title={lead.name}
      meta={
        <>
          {LISTS[LEADS[lead.kind].list].one[0]!.toUpperCase() + LISTS[LEADS[lead.kind].list].one.slice(1)} ·{" "}
          {lead.kind === "appointment" ? "booked" : "received"} {lead.createdAtLabel} (Central time) ·{" "}
          <span className={`status-pill status-pill--${lead.status}`}>{LEAD_STATUS_LABELS[lead.status]}</span>
        </>
      }
    >
      <RecordCard id="record-details-title" title="Details">
        <RecordDetails lead={lead} />
        {lead.kind === "appointment" ? <AppointmentChanges id={lead.id} status={lead.status} /> : null}
        {photos.length > 0 ? (
          <>
            <h3 className="record__subtitle">{`${photos.length} photo${photos.length === 1 ? "" : "s"} from the customer`}</h3>
            <RecordPhotos orderId={lead.id} photos={photos} />
          </>
        ) : null}
      </RecordCard>

      <RecordCard id="record-follow-up-title" title="Follow-up">
        <FollowUpForm
          kind={lead.kind}
          id={lead.id}
          stored={{ version: lead.version, status: lead.status }}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          conflict={actionData && "conflict" in actionData ? (actionData.conflict ?? undefined) : undefined}
        />
      </RecordCard>

      <RecordCard id="record-text-title" title="Text the visitor">
        <StaffTextForm texting={texting} lastResult={actionData && "textResult" in actionData ? actionData.textResult : undefined} />
      </RecordCard>

      <RecordCard id="record-history-title" title="Notes and history">
        <NoteForm formId={noteFormId} lastResult={actionData && "noteResult" in actionData ? actionData.noteResult : undefined} />
        <RecordTimeline lines={timeline} />
      </RecordCard>
    </RecordPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPage error={error} notFoundTitle="Record not found" backTo="/dashboard" backLabel="Back to the inbox" />;
}
