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
import { createRepair, repairStoredFor } from "~/repairs/repairs.server";
import { NewRepairSchema, REPAIR_MESSAGES } from "~/repairs/rules";
import { PHOTOS_FIELD, REPAIR_PHOTOS } from "~/photos/rules";
import { deletePhotos } from "~/photos/storage.server";
import { REPAIRS_PATH, repairTicketHref } from "~/repairs/view";

export function meta() {
  return [{ title: "New repair | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export function loader() {
  return { formId: crypto.randomUUID(), today: storeDate() };
}

/**
 * The intake, photos included: read as it streams, each photo checked by the order form's parsers and
 * written to R2 without its location (app/photos/receive.server.ts), then one batch with the repair and its
 * photos' rows. Whatever is refused or fails, the photos written for it are deleted before the answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const db = getDb(env);
  // Photos are not stored again for a form that was stored before (a double submit).
  const storedBefore = (fields: FormData) => repairStoredFor(db, fields.get("formId"));
  const { receivePhotoForm } = await import("~/photos/receive.server");
  const received = await receivePhotoForm(request, env.BUCKET, storedBefore, REPAIR_PHOTOS);
  const photoKeys = received.photos.map((photo) => photo.key);
  const submission = parseForm(received.formData, NewRepairSchema);
  if (received.photoErrors.length > 0) {
    // The photos' messages beside their field, with whatever else the form got wrong; the typed fields are kept.
    return data({ result: submission.reply({ fieldErrors: { [PHOTOS_FIELD]: received.photoErrors } }) }, { status: 400 });
  }
  if (submission.status !== "success") {
    await deletePhotos(env.BUCKET, photoKeys);
    return data({ result: submission.reply() }, { status: 400 });
  }
  let outcome;
  try {
    if (received.failure !== undefined) throw received.failure;
    outcome = await createRepair(db, submission.value, { email: user.email, ip: clientIp(request) }, Date.now(), undefined, received.photos);
  } catch (error) {
    await deletePhotos(env.BUCKET, photoKeys);
    console.error("repair insert failed", error);
    return dataWithToast(context, { result: submission.reply() }, { type: "error", message: REPAIR_MESSAGES.failure }, { status: 503 });
  }
  if (outcome.status === "resubmitted") await deletePhotos(env.BUCKET, photoKeys);
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
