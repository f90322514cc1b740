import { savedHref } from "~/core/dashboard-links";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { parseRowId } from "~/core/row-id";
import type { Route } from "./+types/repair";
import { RecordCard, RecordErrorPage, RecordPage } from "~/components/dashboard/record-page";
import { RepairStatusForm } from "~/components/repairs/repair-status-form";
import { ESTIMATE_INTENT, EstimateRequestForm } from "~/components/repairs/estimate-request-form";
import { RepairEstimates } from "~/components/repairs/repair-estimates";
import { EstimateDetail } from "~/components/repairs/estimate-detail";
import { IntakePhotos } from "~/components/repairs/repair-photos";
import { CompletionPhotos } from "~/components/repairs/completion-photos";
import { estimateOutcome, handedOver } from "~/repairs/estimate-view";
import { RepairStatusPill } from "~/components/repairs/repairs-table";
import { useLiveRepair } from "~/components/repairs/use-live-repair";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { getDb } from "~/db/client.server";
import { parseForm } from "~/http/form.server";
import { clientIp } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { dataWithToast, redirectWithToast } from "~/http/toast.server";
import { isCompletionPhotosPost, receiveCompletionPhotos } from "~/repairs/completion-photos.server";
import { formatPhone, telHref } from "~/core/phone";
import { formatCalendarDay, formatStoreDateTime } from "~/core/store-time";
import { announceRecordChange } from "../../../party/client.server";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { changeRepairStatus, getRepair, repairConflict, repairEstimatesOf, repairHistory, repairPhotosOf, requestEstimate } from "~/repairs/repairs.server";
import { recordTimeline } from "~/dashboard/record-timeline.server";
import { markTextsRead } from "~/dashboard/unread.server";
import { sendStaffText, textingState } from "~/records/staff-texts.server";
import { StaffTextForm } from "~/components/inbox/staff-text-form";
import { addNote } from "~/records/notes.server";
import { NoteForm } from "~/components/dashboard/note-form";
import { RecordTimeline } from "~/components/dashboard/record-timeline";
import { EstimateRequestSchema, formatEstimate, REPAIR_MESSAGES, RepairStatusSchema } from "~/repairs/rules";
import { CLOSED_REPAIR_STATUSES, isOverdue } from "~/core/repair-statuses";
import { repairHref, repairPhotoHref, REPAIRS_PATH, repairTicketHref, workLabel } from "~/repairs/view";
import { EmailLink } from "~/components/ui/web-address";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData ? loaderData.repair.ticket : "Not found"} | Staff dashboard` }, { name: "robots", content: "noindex, nofollow" }];
}

function repairId(params: { id?: string }): number {
  const id = parseRowId(params.id);
  if (id === null) throw data("Not found", { status: 404 });
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const db = getDb(env);
  const id = repairId(params);
  // The history, estimates and photos need only the id: read with the repair, not after it; so does reading its texts.
  const [repair, history, estimates, photos] = await Promise.all([
    getRepair(db, id),
    repairHistory(db, id),
    repairEstimatesOf(db, id),
    repairPhotosOf(db, id),
    markTextsRead(env, context.get(staffUserContext).id, "repairs", id),
  ]);
  if (!repair) throw data("Not found", { status: 404 });
  const now = Date.now();
  const [timeline, texting] = await Promise.all([
    recordTimeline(db, "repairs", { ...repair, createdAt: repair.createdAt.getTime() }, now),
    textingState(env, db, { list: "repairs", id, phone: repair.phone }, now),
  ]);
  return {
    texting,
    repair: { ...repair, createdAt: repair.createdAt.getTime(), updatedAt: repair.updatedAt.getTime(), readyAt: repair.readyAt?.getTime() ?? null, closedAt: null },
    overdue: isOverdue(repair, now),
    createdLabel: formatStoreDateTime(repair.createdAt.getTime()),
    handedOver: handedOver(repair, history),
    estimates: estimates.map((estimate) => ({
      id: estimate.id,
      amount: formatEstimate(estimate.amountCents),
      description: estimate.description,
      askedBy: estimate.createdBy,
      askedAt: formatStoreDateTime(estimate.createdAt.getTime()),
      outcome: estimateOutcome(estimate),
      decision: estimate.decision,
    })),
    photos: photos.map((photo) => ({
      id: photo.id,
      href: repairPhotoHref(id, photo.id),
      contentType: photo.contentType,
      fileName: photo.fileName,
      size: photo.size,
      stage: photo.stage,
      position: photo.position,
    })),
    timeline,
    noteFormId: crypto.randomUUID(),
  };
}

/** A refused change (stale page) reloads the page's data too, so its details and history show the repair as it stands now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const id = repairId(params);
  if (isCompletionPhotosPost(request)) return addCompletionPhotos(request, context, id);
  const formData = await request.formData();
  if (formData.get("intent") === ESTIMATE_INTENT) return askForApproval(request, context, id, formData);
  if (formData.get("intent") === "note") return addNote(context, request, "repairs", id, formData);
  if (formData.get("intent") === "text") return textCustomer(request, context, id, formData);
  const submission = parseForm(formData, RepairStatusSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), conflict: null }, { status: 400 });
  const now = Date.now();
  const outcome = await changeRepairStatus(getDb(env), id, submission.value, { email: user.email, ip: clientIp(request) }, now);
  if (outcome.status === "not-found") throw data("Not found", { status: 404 });
  if (outcome.status === "needs-estimate") {
    return data({ result: submission.reply({ fieldErrors: { status: [REPAIR_MESSAGES.estimateByForm] } }), conflict: null }, { status: 400 });
  }
  // Nothing is written over a newer change: the answer shows it, and the form keeps what this clerk entered.
  if (outcome.status === "stale") return data({ result: submission.reply(), conflict: repairConflict(outcome.repair) }, { status: 409 });
  if (outcome.status === "unchanged") return redirectWithToast(context, savedHref(repairHref(id), "status"), { type: "success", message: REPAIR_MESSAGES.saved });
  deliverQueued(env, ctx, outcome.queued, now);
  ctx.waitUntil(announceRecordChange(env, "repairs", outcome.repair.id));
  await auditStaffAction(context, request, "repair-status-changed", { target: `repairs #${id}`, details: { status: submission.value.status } });
  return redirectWithToast(context, savedHref(repairHref(id), "status"), { type: "success", message: REPAIR_MESSAGES.saved });
}

/** "Ask for approval": the estimate is stored and the customer told once (decision 141); a stale page writes nothing. */
async function askForApproval(request: Request, context: Route.ActionArgs["context"], id: number, formData: FormData) {
  const { env, ctx } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const submission = parseForm(formData, EstimateRequestSchema);
  if (submission.status !== "success") return data({ estimateResult: submission.reply(), result: undefined, conflict: null }, { status: 400 });
  const now = Date.now();
  const outcome = await requestEstimate(getDb(env), id, submission.value, { email: user.email, ip: clientIp(request) }, now);
  if (outcome.status === "not-found") throw data("Not found", { status: 404 });
  if (outcome.status === "stale") {
    const message = repairConflict(outcome.repair).message;
    return data({ estimateResult: submission.reply({ formErrors: [`${message}. Check it, then send the estimate again.`] }), result: undefined, conflict: null }, { status: 409 });
  }
  deliverQueued(env, ctx, outcome.queued, now);
  ctx.waitUntil(announceRecordChange(env, "repairs", id));
  await auditStaffAction(context, request, "estimate-requested", { target: `repairs #${id}`, details: { amount: formatEstimate(outcome.repair.estimateCents) } });
  return redirectWithToast(context, repairHref(id), { type: "success", message: REPAIR_MESSAGES.estimateAsked });
}

/** "Send text": a clerk's text to the repair's customer, under its counter consent (decision 144). */
async function textCustomer(request: Request, context: Route.ActionArgs["context"], id: number, formData: FormData) {
  const repair = await getRepair(getDb(getCloudflare(context).env), id);
  if (!repair) throw data("Not found", { status: 404 });
  return sendStaffText(context, request, { list: "repairs", id, phone: repair.phone }, formData);
}

/** "Add photos" (completion photos, multipart): refused photos come back beside the field, with the page. */
async function addCompletionPhotos(request: Request, context: Route.ActionArgs["context"], id: number) {
  const { env, ctx } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const outcome = await receiveCompletionPhotos(getDb(env), env.BUCKET, request, id, { email: user.email, ip: clientIp(request) });
  if (outcome.status === "not-found") throw data("Not found", { status: 404 });
  const kept = { result: undefined, conflict: null };
  if (outcome.status === "refused") return data({ ...kept, photoErrors: outcome.errors }, { status: 400 });
  if (outcome.status === "failed") {
    console.error("completion photos failed", outcome.error);
    return dataWithToast(context, { ...kept, photoErrors: undefined }, { type: "error", message: REPAIR_MESSAGES.failure }, { status: 503 });
  }
  // A second post of the same form changed nothing: nothing to announce or audit again.
  if (!outcome.again) {
    ctx.waitUntil(announceRecordChange(env, "repairs", id));
    await auditStaffAction(context, request, "repair-photos-added", { target: `repairs #${id}`, details: { photos: outcome.count } });
  }
  return redirectWithToast(context, repairHref(id), { type: "success", message: REPAIR_MESSAGES.completionPhotosAdded(outcome.count) });
}

export default function RepairPage({ loaderData, actionData }: Route.ComponentProps) {
  const { repair, timeline } = loaderData;
  const statusResult = actionData && "result" in actionData ? actionData.result : undefined;
  const estimateResult = actionData && "estimateResult" in actionData ? actionData.estimateResult : undefined;
  const photoErrors = actionData && "photoErrors" in actionData ? actionData.photoErrors : undefined;
  useLiveRepair(repair.id);
  return (
    <RecordPage
      className="repair-page"
      backTo={REPAIRS_PATH}
      backLabel="Repairs"
      title={
        <>
          Repair <span className="ticket-code">{repair.ticket}</span>
        </>
      }
      meta={
        <>
          Logged {loaderData.createdLabel} (Central time) by {repair.createdBy} · <RepairStatusPill status={repair.status} overdue={loaderData.overdue} />
        </>
      }
      actions={
        <p>
          <Link to={repairTicketHref(repair.id)} className="button button--secondary">
            Claim ticket
          </Link>
        </p>
      }
    >
      <RecordCard id="repair-details-title" title="Details">
        <dl className="record-details">
          <dt>Customer</dt>
          <dd>{repair.name}</dd>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(repair.phone)}>{formatPhone(repair.phone)}</a>
          </dd>
          <dt>E-mail</dt>
          <dd>{repair.email ? <EmailLink address={repair.email} /> : "–"}</dd>
          <dt>Item</dt>
          <dd>{repair.item}</dd>
          <dt>Work</dt>
          <dd>{workLabel(repair)}</dd>
          <dt>Estimate</dt>
          <dd data-testid="repair-estimate">
            <EstimateDetail amount={formatEstimate(repair.estimateCents)} estimates={loaderData.estimates} />
          </dd>
          <dt>Promised</dt>
          <dd>{formatCalendarDay(repair.promisedDate)}</dd>
          <dt>Condition</dt>
          <dd className="repair-condition">{repair.conditionNotes || "–"}</dd>
          <dt>Texts</dt>
          <dd>{repair.textConsent ? "Yes, the customer agreed at the counter" : "No"}</dd>
          {loaderData.handedOver ? (
            <>
              <dt>Handed over</dt>
              <dd data-testid="handed-over">{loaderData.handedOver}</dd>
            </>
          ) : null}
        </dl>
        <IntakePhotos photos={loaderData.photos} />
      </RecordCard>
      <RecordCard id="repair-status-title" title="Status">
        <RepairStatusForm
          repair={repair}
          result={statusResult}
          conflict={actionData && "conflict" in actionData ? (actionData.conflict ?? undefined) : undefined}
        />
      </RecordCard>
      <CompletionPhotos photos={loaderData.photos} errors={photoErrors} />
      {CLOSED_REPAIR_STATUSES.includes(repair.status) ? null : (
        <RecordCard id="repair-estimate-title" title="Estimate for approval">
          <EstimateRequestForm key={repair.version} version={repair.version} result={estimateResult} />
        </RecordCard>
      )}
      <RecordCard id="repair-text-title" title="Text the customer">
        <StaffTextForm texting={loaderData.texting} lastResult={actionData && "textResult" in actionData ? actionData.textResult : undefined} />
      </RecordCard>
      <RecordCard id="repair-history-title" title="Notes and history">
        <NoteForm formId={loaderData.noteFormId} lastResult={actionData && "noteResult" in actionData ? actionData.noteResult : undefined} />
        {/* Decision 141's estimates, with what the customer answered; the timeline below has every change and message. */}
        <RepairEstimates estimates={loaderData.estimates} />
        <RecordTimeline lines={timeline} />
      </RecordCard>
    </RecordPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPage error={error} notFoundTitle="Repair not found" backTo={REPAIRS_PATH} backLabel="Back to Repairs" />;
}

