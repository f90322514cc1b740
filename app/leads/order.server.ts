import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { orderPhotos, orders } from "~/db/schema";
import { parseForm } from "~/http/form.server";
import { getCloudflare } from "~/http/request-context";
import { emailMessage } from "~/messaging/outbox.server";
import { leadEmail } from "./staff-email";
import { requestReceivedEmail } from "~/messaging/visitor-messages";
import { PhotoBudgetExceeded, spendPhotoBudget, type PhotoBudgetRefusal } from "~/photos/budget.server";
import type { ReceivedForm, StoredPhoto } from "~/photos/receive.server";
import { ORDER_PHOTOS, PHOTO_MESSAGES, PHOTOS_FIELD, type KeptPhoto } from "~/photos/rules";
import { keepPhotos, keptPhotosOf } from "~/photos/held.server";
import { SUBMISSION_TOKEN_FIELD } from "./rules/fields";
import { verifySubmissionToken } from "./submission-token.server";
import { deletePhotos } from "~/photos/storage.server";
import { leadNotStored, refuseLead, takeLeadSubmission, type LeadIntake } from "./intake.server";
import { formatPhone } from "~/core/phone";
import { ORDER_MESSAGES, OrderSchema, storedChoices, type OrderRequest } from "./rules/order";
import { storeLeadOnce } from "./save.server";
import type { LeadReceipt } from "./receipt";

type OrderIntake = Extract<LeadIntake<OrderRequest>, { ok: true }>;

/**
 * Stores the custom order request, its photos' rows, its staff e-mail and the visitor's
 * "We received your request" in one batch. Throws if D1 fails.
 */
async function saveOrder(
  context: Readonly<RouterContextProvider>,
  intake: OrderIntake,
  photos: StoredPhoto[] = [],
) {
  const { name, phone, email, pieceDescription } = intake.value;
  const choices = storedChoices(intake.value);
  const db = getDb(getCloudflare(context).env);
  const now = Date.now();
  const rows: [string, string][] = [
    ["Name", name],
    ["Phone", formatPhone(phone)],
    ["E-mail", email],
    ["Jewelry type", choices.jewelryType],
    ["Material", choices.materialPreferences],
    ["Diamond selection", choices.diamondSelection],
    ["About the piece", pieceDescription ?? "—"],
  ];
  const photoCount = photos.length === 0 ? "None" : String(photos.length);
  return storeLeadOnce(db, context, {
    kind: "order",
    submissionId: intake.submissionId,
    now,
    push: { name, preview: pieceDescription ? `${choices.jewelryType}: ${pieceDescription}` : choices.jewelryType },
    insert: db
      .insert(orders)
      .values({ name, phone, email, ...choices, pieceDescription, createdAt: new Date(now), submissionToken: intake.submissionId })
      .onConflictDoNothing()
      .returning({ id: orders.id, createdAt: orders.createdAt }),
    // The photos belong to the order this batch inserted (its token and this instant), never to one stored before.
    alongside: photos.map((photo) =>
      insertSelect(
        db,
        orderPhotos,
        {
          id: sql`NULL`,
          orderId: sql`${orders.id}`,
          objectKey: sql`${photo.key}`,
          contentType: sql`${photo.contentType}`,
          fileName: sql`${photo.fileName}`,
          size: sql`${photo.size}`,
          position: sql`${photo.position}`,
          createdAt: sql`${now}`,
        },
        sql`FROM ${orders}
          WHERE ${orders.submissionToken} = ${intake.submissionId} AND ${orders.createdAt} = ${now}
            AND NOT EXISTS (SELECT 1 FROM ${orderPhotos}
              WHERE ${orderPhotos.orderId} = ${orders.id} AND ${orderPhotos.position} = ${photo.position})`,
      ),
    ),
    staffEmail: await leadEmail(
      "order",
      [...rows, ["Photos", photos.length === 0 ? photoCount : `${photoCount} (open the order in the dashboard to see them)`]],
      { link: photos.length === 0 ? "inbox" : "record", replyTo: email },
    ),
    visitorMessages: [emailMessage("request-received", await requestReceivedEmail(email))],
  });
}

/** Whether an order with this submission token is stored already (a double click, a retry). */
async function storedBefore(env: Env, submissionId: string): Promise<boolean> {
  const stored = await getDb(env).query.orders.findFirst({ columns: { id: true }, where: eq(orders.submissionToken, submissionId) });
  return stored !== undefined;
}

const entryCount = (form: FormData) => [...form.keys()].length;

/** Over the photo budget: refused before the form was read (or while it streamed), so the form comes back empty, with the reason. */
function overBudget(refusal: PhotoBudgetRefusal): OrderAnswer {
  const result = { status: "error" as const, initialValue: {}, error: { "": [refusal.message] } };
  return { status: "refused", refusal: { ok: false, status: 429, result, headers: refusal.headers }, kept: [] };
}

export type OrderAnswer =
  /** The form comes back with what was typed and why (400, 429), and the photos kept for it; or it was stored before. */
  | { status: "refused"; refusal: Extract<LeadIntake<unknown>, { ok: false }>; kept: KeptPhoto[] }
  /** Valid, but a photo or the order could not be stored: nothing was; the failure message, the form and its kept photos kept. */
  | { status: "failed"; intake: OrderIntake; error: unknown; kept: KeptPhoto[] }
  /** Stored (now, or by an earlier post of the same form): what the success page confirms. */
  | { status: "stored"; receipt: LeadReceipt };

/**
 * The custom order form, with or without photos, from the request to the
 * stored order: the visitor's photo budget, the form read as it streams (photos
 * checked and written to R2 on the way), the intake every lead form takes, then
 * one batch with the order and its photos' rows. Whatever is refused or fails,
 * the photos written for it are deleted before the answer.
 *
 * The intake runs when the first photo arrives, on the fields before it (a
 * browser sends every field first): a form it refuses (the rate limit's 429, a
 * bad token) never has its photos parsed or written (docs/decisions/087). A post with fields after its photos is
 * taken again whole.
 *
 * With `keepOnRefusal` (the page's own post, without JavaScript, where the browser cannot keep the files), a form
 * refused only for its answers still has its photos written, then held and shown as kept (decision 148); a post
 * names its kept photos, which become the order's first, and may tick some "Remove".
 */
export async function takeOrder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { keepOnRefusal = false }: { keepOnRefusal?: boolean } = {},
): Promise<OrderAnswer> {
  const { env } = getCloudflare(context);
  const budget = await spendPhotoBudget(env, request);
  if (budget.refused) return overBudget(budget.refused);

  let early: { intake: LeadIntake<OrderRequest>; entries: number } | undefined;
  let holding = false;
  const photosUnwanted = async (fields: FormData) => {
    let intake: LeadIntake<OrderRequest>;
    try {
      intake = await takeLeadSubmission(request, context, "order", OrderSchema, fields);
    } catch {
      return true; // a thrown refusal (the honeypot): the whole form gets it once it is read
    }
    early = { intake, entries: entryCount(fields) };
    if (!intake.ok) {
      // Refused for its answers alone (its token is genuine): the photos are kept for the form's next try.
      holding = keepOnRefusal && intake.status === 400 && (await verifySubmissionToken(env, "order", fields.get(SUBMISSION_TOKEN_FIELD))).ok;
      return !holding;
    }
    // Photos are not stored again for a form that was stored before.
    return await storedBefore(env, intake.submissionId);
  };
  let received: ReceivedForm;
  try {
    // The multipart reader and the photo parsers load with the first order post, not with every page (decision 118).
    const { receivePhotoForm } = await import("~/photos/receive.server");
    received = await receivePhotoForm(budget.request, env.BUCKET, photosUnwanted);
  } catch (error) {
    if (error instanceof PhotoBudgetExceeded) return overBudget(error.refusal);
    throw error;
  } finally {
    await budget.settle();
  }
  const photoKeys = received.photos.map((photo) => photo.key);
  const earlier = await keptPhotosOf(env, received.formData);
  await deletePhotos(env.BUCKET, earlier.removed);
  const kept = earlier.kept.map((photo) => photo.shown);

  const photoErrors =
    received.photoErrors.length === 0 && earlier.kept.length + received.photos.length > ORDER_PHOTOS.count
      ? [PHOTO_MESSAGES.tooMany(ORDER_PHOTOS.count)]
      : received.photoErrors;
  if (photoErrors.length > 0) {
    // The photos' messages, beside the field, with whatever else the form got wrong.
    await deletePhotos(env.BUCKET, photoKeys);
    const submission = parseForm(received.formData, OrderSchema);
    const result = submission.reply({ fieldErrors: { [PHOTOS_FIELD]: photoErrors } });
    return { status: "refused", refusal: { ok: false, status: 400, result }, kept };
  }

  let intake: LeadIntake<OrderRequest>;
  try {
    intake =
      early && early.entries === entryCount(received.formData)
        ? early.intake
        : await takeLeadSubmission(request, context, "order", OrderSchema, received.formData);
  } catch (refusal) {
    // A thrown refusal (the honeypot, an unreadable intent) takes the photos with it too.
    await deletePhotos(env.BUCKET, photoKeys);
    throw refusal;
  }
  if (!intake.ok) {
    if (holding && received.photos.length > 0) return { status: "refused", refusal: intake, kept: [...kept, ...(await keepPhotos(env, received.photos))] };
    await deletePhotos(env.BUCKET, photoKeys);
    return { status: "refused", refusal: intake, kept };
  }
  if (received.failure !== undefined) return { status: "failed", intake, error: received.failure, kept };

  // The kept photos first, in the order the page showed them, then the ones chosen now.
  const photos = [...earlier.kept.map((photo) => photo.photo), ...received.photos].map((photo, index) => ({ ...photo, position: index + 1 }));
  try {
    const outcome = await saveOrder(context, intake, photos);
    // Stored before: this post's copies of the photos are not wanted.
    if (outcome.status === "resubmitted") await deletePhotos(env.BUCKET, photoKeys);
  } catch (error) {
    await deletePhotos(env.BUCKET, photoKeys);
    return { status: "failed", intake, error, kept };
  }
  const choices = storedChoices(intake.value);
  const piece = [choices.jewelryType, choices.materialPreferences, choices.diamondSelection].join(", ");
  return { status: "stored", receipt: { kind: "order", email: intake.value.email, piece, photos: photos.length } };
}

/** The answer every order route gives to a refused or failed order; `stored` says what a stored one gets. */
export function answerOrder<Stored>(
  context: Readonly<RouterContextProvider>,
  answer: OrderAnswer,
  stored: (receipt: LeadReceipt) => Stored,
) {
  if (answer.status === "refused") return refuseLead(answer.refusal, { kept: answer.kept });
  if (answer.status === "failed") return leadNotStored(context, answer.intake, ORDER_MESSAGES.failure, answer.error, { kept: answer.kept });
  return stored(answer.receipt);
}
