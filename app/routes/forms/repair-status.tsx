import { data } from "react-router";
import type { Route } from "./+types/repair-status";
import { RepairLookupForm } from "~/components/repairs/repair-lookup-form";
import { RepairStatusCard } from "~/components/repairs/repair-status-card";
import { PageHero } from "~/components/site/page-hero";
import { phoneHref, store } from "~/config/store";
import { getDb } from "~/db/client.server";
import { NEVER_CACHE } from "~/http/cache-policy";
import { parseForm } from "~/http/form.server";
import { HYDRATE_ON_INTENT } from "~/http/page-scripts";
import { clientIp, clientKey, passRetryAfter, retryAfterHeaders, waitFor } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { seo } from "~/http/seo";
import { recordAudit } from "~/audit/log.server";
import { formatStoreDateTime } from "~/core/store-time";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { notifyStaff } from "~/messaging/push.server";
import { recordHref } from "~/core/staff-lists";
import { announceRecordChange } from "../../../party/client.server";
import { lookUpRepair, repairForCustomerById } from "~/repairs/lookup.server";
import { CUSTOMER_ONLINE, decideEstimate } from "~/repairs/repairs.server";
import { EstimateDecisionSchema, formatEstimate, REPAIR_MESSAGES, RepairLookupSchema } from "~/repairs/rules";
import type { EstimateNotice } from "~/components/repairs/estimate-answer";

// /repair, "Check your repair" (docs/decisions/114): the ticket number and the
// phone's last four digits show the repair's status. A post, because a miss
// counts against the address. Never stored by any cache, never indexed. An
// estimate waiting for approval is answered here too (decision 141): the same
// look-up, with its limits, then the answer, once.

export const handle = HYDRATE_ON_INTENT;

export function headers(args: Route.HeadersArgs) {
  const headers = passRetryAfter(args);
  headers.set("Cache-Control", NEVER_CACHE);
  return headers;
}

export function meta() {
  return seo({
    title: "Check your repair",
    description: `See whether your repair at ${store.name} is ready, with the number on your claim ticket.`,
    path: "/repair",
    noindex: true,
  });
}

/** The QR code on the claim ticket opens /repair?ticket=R-…: the number is filled in. */
export function loader({ request }: Route.LoaderArgs) {
  const ticket = (new URL(request.url).searchParams.get("ticket") ?? "").slice(0, 30);
  return { ticket };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const formData = await request.formData();
  const notice = null as EstimateNotice | null;
  // An answer to an estimate carries the look-up's fields too: checked whole first, then looked up like any look-up.
  const answering = formData.has("decision") ? parseForm(formData, EstimateDecisionSchema) : null;
  if (answering && answering.status !== "success") return data({ result: answering.reply(), repair: null, notice }, { status: 400 });
  const submission = parseForm(formData, RepairLookupSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), repair: null, notice }, { status: 400 });
  const db = getDb(env);
  const { ticket, last4 } = submission.value;
  const outcome = await lookUpRepair(env, db, clientKey(request), ticket, last4);
  if (outcome.status === "waiting") {
    const message = `Too many look-ups that found nothing from your connection. Please wait ${waitFor(outcome.limit)}, or call us at ${store.phone.display}.`;
    return data({ result: submission.reply({ formErrors: [message] }), repair: null, notice }, { status: 429, headers: retryAfterHeaders(outcome.limit) });
  }
  if (outcome.status === "ticket-paused") {
    return data({ result: submission.reply({ formErrors: [REPAIR_MESSAGES.ticketPaused] }), repair: null, notice }, { status: 429, headers: retryAfterHeaders(outcome.limit) });
  }
  if (outcome.status === "not-found") {
    return data({ result: submission.reply({ formErrors: [REPAIR_MESSAGES.notFound] }), repair: null, notice }, { status: 404 });
  }
  if (!answering?.value) return { result: submission.reply(), repair: outcome.repair, notice };

  const now = Date.now();
  const { estimate, decision } = answering.value;
  const approving = decision === "approve";
  const answer = await decideEstimate(db, outcome.repairId, estimate, decision, clientIp(request), now);
  if (answer.status !== "decided") {
    // Answered before (a second tap, a replay) or nothing to answer: nothing changes, and the page says why.
    const text =
      answer.status === "already"
        ? `Already ${answer.estimate.decision} on ${formatStoreDateTime(answer.estimate.decidedAt!.getTime())}; call us at ${store.phone.display} to change it.`
        : REPAIR_MESSAGES.noEstimatePending;
    return data({ result: submission.reply(), repair: outcome.repair, notice: { tone: "error", text } satisfies EstimateNotice }, { status: 409 });
  }
  deliverQueued(env, ctx, answer.queued, now);
  ctx.waitUntil(announceRecordChange(env, "repairs", outcome.repairId));
  notifyStaff(env, ctx, {
    list: "repairs",
    path: recordHref("repairs", outcome.repairId),
    kind: approving ? "Estimate approved" : "Estimate declined",
    name: answer.repair.name,
    preview: `${formatEstimate(answer.estimate.amountCents)} for ${answer.repair.item} (ticket ${answer.repair.ticket})`,
  });
  await recordAudit(env, request, { id: null, email: CUSTOMER_ONLINE }, approving ? "estimate-approved" : "estimate-declined", {
    target: `repairs #${outcome.repairId}`,
    details: { ticket: answer.repair.ticket, amount: formatEstimate(answer.estimate.amountCents) },
  });
  return {
    result: submission.reply(),
    repair: await repairForCustomerById(db, outcome.repairId),
    notice: { tone: "success", text: approving ? REPAIR_MESSAGES.approved : REPAIR_MESSAGES.declined } satisfies EstimateNotice,
  };
}

export default function RepairStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const repair = actionData?.repair ?? null;
  return (
    <main>
      <PageHero eyebrow="Repairs" title="Check your repair">
        <p>Enter the number on your claim ticket and the last 4 digits of the phone number you gave us.</p>
      </PageHero>
      <section className="section section--tint" aria-label="Look up a repair">
        <div className="container repair-check">
          <div className="card form-card">
            <RepairLookupForm ticket={loaderData.ticket} result={actionData?.result} />
          </div>
          {repair ? <RepairStatusCard repair={repair} last4={lastFour(actionData?.result)} notice={actionData?.notice ?? null} /> : null}
          <p className="repair-check__call muted">
            Lost your ticket? Call us at <a href={phoneHref}>{store.phone.display}</a>.
          </p>
        </div>
      </section>
    </main>
  );
}

/** The digits the customer typed, for the estimate's answer (a post of the look-up's fields again). */
function lastFour(result: { initialValue?: Record<string, unknown> | null } | undefined): string {
  const typed = result?.initialValue?.last4;
  return typeof typed === "string" ? typed : "";
}
