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
import { changeRepairStatus, getRepair, repairConflict, repairHistory, repairMessages } from "~/repairs/repairs.server";
import { formatEstimate, REPAIR_MESSAGES, RepairStatusSchema } from "~/repairs/rules";
import { isOverdue, REPAIR_STATUS_LABELS } from "~/core/repair-statuses";
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
  // The history and messages need only the id: read with the repair, not after it.
  const [repair, history, messages] = await Promise.all([getRepair(db, id), repairHistory(db, id), repairMessages(db, id)]);
  if (!repair) throw data("Not found", { status: 404 });
  const now = Date.now();
  return {
    repair: { ...repair, createdAt: repair.createdAt.getTime(), updatedAt: repair.updatedAt.getTime(), readyAt: repair.readyAt?.getTime() ?? null, closedAt: null },
    overdue: isOverdue(repair, now),
    createdLabel: formatStoreDateTime(repair.createdAt.getTime()),
    history: history.map((event) => ({
      id: event.id,
      status: REPAIR_STATUS_LABELS[event.status],
      by: event.actorEmail,
      at: formatStoreDateTime(event.createdAt.getTime()),
      estimate: formatEstimate(event.estimateCents),
      promised: formatCalendarDay(event.promisedDate),
    })),
    messages: messages.map((message) => ({
      id: message.id,
      channel: message.channel === "sms" ? "Text" : "E-mail",
      status: message.status,
      when: formatStoreDateTime((message.sentAt ?? message.nextAttemptAt).getTime()),
      note: message.lastError,
    })),
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
  const submission = parseForm(await request.formData(), RepairStatusSchema);
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
  const { repair, history, messages } = loaderData;
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
        <RepairStatusForm repair={repair} result={actionData?.result} conflict={actionData?.conflict ?? undefined} />
      </RecordCard>
      <RecordCard id="repair-history-title" title="History">
        <ol className="repair-history">
          {history.map((event) => (
            <li key={event.id}>
              <strong>{event.status}</strong> · {event.at} · {event.by}
              <br />
              <span className="muted">
                Estimate {event.estimate || "none"} · promised {event.promised}
              </span>
            </li>
          ))}
        </ol>
        {messages.length > 0 ? (
          <>
            <h3 className="record__subtitle">“Ready” messages</h3>
            <ul className="repair-history">
              {messages.map((message) => (
                <li key={message.id}>
                  {message.channel}: {message.status === "pending" ? `waiting, goes ${message.when}` : message.status === "sent" ? `sent ${message.when}` : message.status}
                  {message.note && message.status !== "sent" ? <span className="muted"> · {message.note}</span> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </RecordCard>
    </RecordPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPage error={error} notFoundTitle="Repair not found" backTo={REPAIRS_PATH} backLabel="Back to Repairs" />;
}
