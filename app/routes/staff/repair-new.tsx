import { data, Link } from "react-router";
import type { Route } from "./+types/repair-new";
import { NewRepairForm } from "~/components/repairs/new-repair-form";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { getDb } from "~/db/client.server";
import { parseForm } from "~/http/form.server";
import { clientIp } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { dataWithToast, redirectWithToast } from "~/http/toast.server";
import { storeDate } from "~/core/store-time";
import { announceRecord } from "../../../party/client.server";
import { createRepair } from "~/repairs/repairs.server";
import { NewRepairSchema, REPAIR_MESSAGES } from "~/repairs/rules";
import { REPAIRS_PATH, repairTicketHref } from "~/repairs/view";

export function meta() {
  return [{ title: "New repair | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export function loader() {
  return { formId: crypto.randomUUID(), today: storeDate() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const submission = parseForm(await request.formData(), NewRepairSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let outcome;
  try {
    outcome = await createRepair(getDb(env), submission.value, { email: user.email, ip: clientIp(request) });
  } catch (error) {
    console.error("repair insert failed", error);
    return dataWithToast(context, { result: submission.reply() }, { type: "error", message: REPAIR_MESSAGES.failure }, { status: 503 });
  }
  if (outcome.status === "stored") {
    ctx.waitUntil(announceRecord(env, "repairs", outcome));
    await auditStaffAction(context, request, "repair-created", { target: `repairs #${outcome.id}`, details: { ticket: outcome.ticket } });
  }
  return redirectWithToast(context, repairTicketHref(outcome.id), { type: "success", message: `${REPAIR_MESSAGES.created} Ticket ${outcome.ticket}.` });
}

export default function NewRepairPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="staff-page container repair-page">
      <p className="record__back">
        <Link to={REPAIRS_PATH}>← Back to Repairs</Link>
      </p>
      <h1>New repair</h1>
      {/* A card, not a section: the page's one heading names it. */}
      <div className="card record__card repair-page__form">
        <NewRepairForm key={loaderData.formId} formId={loaderData.formId} today={loaderData.today} result={actionData?.result} />
      </div>
    </main>
  );
}
