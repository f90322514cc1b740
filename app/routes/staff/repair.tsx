import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { parseRowId } from "~/core/row-id";
import type { Route } from "./+types/repair";
import { RecordCard, RecordErrorPage, RecordPage } from "~/components/dashboard/record-page";
import { RepairStatusForm } from "~/components/repairs/repair-status-form";
import { RepairStatusPill } from "~/components/repairs/repairs-table";
import { useLiveRepair } from "~/components/repairs/use-live-repair";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { getDb } from "~/db/client.server";
import { parseForm } from "~/http/form.server";
import { clientIp } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { formatPhone, telHref } from "~/core/phone";
import { formatCalendarDay, formatStoreDateTime } from "~/core/store-time";
import { announceRecordChange } from "../../../party/client.server";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { changeRepairStatus, getRepair, repairConflict } from "~/repairs/repairs.server";
import { recordTimeline } from "~/dashboard/record-timeline.server";
import { addNote } from "~/records/notes.server";
import { NoteForm } from "~/components/dashboard/note-form";
import { RecordTimeline } from "~/components/dashboard/record-timeline";
import { formatEstimate, REPAIR_MESSAGES, RepairStatusSchema } from "~/repairs/rules";
import { isOverdue } from "~/core/repair-statuses";
import { repairHref, REPAIRS_PATH, repairTicketHref, workLabel } from "~/repairs/view";
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
  const db = getDb(getCloudflare(context).env);
  const id = repairId(params);
  const now = Date.now();
  const repair = await getRepair(db, id);
  if (!repair) throw data("Not found", { status: 404 });
  const timeline = await recordTimeline(db, "repairs", { ...repair, createdAt: repair.createdAt.getTime() }, now);
  return {
    repair: { ...repair, createdAt: repair.createdAt.getTime(), updatedAt: repair.updatedAt.getTime(), readyAt: repair.readyAt?.getTime() ?? null, closedAt: null },
    overdue: isOverdue(repair, now),
    createdLabel: formatStoreDateTime(repair.createdAt.getTime()),
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
  const formData = await request.formData();
  if (formData.get("intent") === "note") return addNote(context, request, "repairs", id, formData);
  const submission = parseForm(formData, RepairStatusSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), conflict: null }, { status: 400 });
  const now = Date.now();
  const outcome = await changeRepairStatus(getDb(env), id, submission.value, { email: user.email, ip: clientIp(request) }, now);
  if (outcome.status === "not-found") throw data("Not found", { status: 404 });
  // Nothing is written over a newer change: the answer shows it, and the form keeps what this clerk entered.
  if (outcome.status === "stale") return data({ result: submission.reply(), conflict: repairConflict(outcome.repair) }, { status: 409 });
  if (outcome.status === "unchanged") return redirectWithToast(context, repairHref(id), { type: "success", message: REPAIR_MESSAGES.saved });
  deliverQueued(env, ctx, outcome.queued, now);
  ctx.waitUntil(announceRecordChange(env, "repairs", outcome.repair.id));
  await auditStaffAction(context, request, "repair-status-changed", { target: `repairs #${id}`, details: { status: submission.value.status } });
  return redirectWithToast(context, repairHref(id), { type: "success", message: REPAIR_MESSAGES.saved });
}

export default function RepairPage({ loaderData, actionData }: Route.ComponentProps) {
  const { repair, timeline } = loaderData;
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
          <dd>{formatEstimate(repair.estimateCents) || "–"}</dd>
          <dt>Promised</dt>
          <dd>{formatCalendarDay(repair.promisedDate)}</dd>
          <dt>Text when ready</dt>
          <dd>{repair.textConsent ? "Yes, the customer agreed at the counter" : "No"}</dd>
        </dl>
      </RecordCard>
      <RecordCard id="repair-status-title" title="Status">
        <RepairStatusForm
          repair={repair}
          result={actionData && "result" in actionData ? actionData.result : undefined}
          conflict={actionData && "conflict" in actionData ? (actionData.conflict ?? undefined) : undefined}
        />
      </RecordCard>
      <RecordCard id="repair-history-title" title="Notes and history">
        <NoteForm formId={loaderData.noteFormId} lastResult={actionData && "noteResult" in actionData ? actionData.noteResult : undefined} />
        <RecordTimeline lines={timeline} />
      </RecordCard>
    </RecordPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPage error={error} notFoundTitle="Repair not found" backTo={REPAIRS_PATH} backLabel="Back to Repairs" />;
}
