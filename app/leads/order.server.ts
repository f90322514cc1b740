import type { RouterContextProvider } from "react-router";
import { ORDER_CHOICES, OrderSchema, type OrderRequest } from "~/components/leads/order-form";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { dashboardUrl, leadFormLoaderData, refuseLead, takeLeadSubmission } from "~/leads/intake.server";
import { leadEmail } from "~/mail/staff-email";
import { afterLeadStored, storedBefore } from "~/leads/save.server";
import { queueLeadEmail } from "~/mail/outbox.server";
import { dataWithToast, redirectWithToast } from "~/http/toast.server";

export const ORDER_MESSAGES = {
  success: "Order submitted successfully!",
  failure: "Failed to submit order. Please try again.",
} as const;

export function orderLoader(context: Readonly<RouterContextProvider>) {
  return leadFormLoaderData(context, "order");
}

/** What is stored for each select: the choice, or the visitor's words in place of "Other". */
function storedChoices(order: OrderRequest) {
  const [jewelryType, materialPreferences, diamondSelection] = ORDER_CHOICES.map(({ select, text }) =>
    order[select] === "Other" ? order[text]! : order[select],
  ) as [string, string, string];
  return { jewelryType, materialPreferences, diamondSelection };
}

export async function saveOrder(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getCloudflare(context);
  const intake = await takeLeadSubmission(request, context, "order", OrderSchema, await request.formData());
  if (!intake.ok) return refuseLead(intake);

  const { name, phoneNumber, email } = intake.value;
  const choices = storedChoices(intake.value);
  const db = getDb(env);
  const now = Date.now();
  const staffEmail = leadEmail(
    "order",
    [
      ["Name", name],
      ["Phone", phoneNumber],
      ["E-mail", email],
      ["Jewelry type", choices.jewelryType],
      ["Material", choices.materialPreferences],
      ["Diamond selection", choices.diamondSelection],
    ],
    dashboardUrl(request),
  );

  let created: { id: number; createdAt: Date } | undefined;
  let outboxId: number | undefined;
  try {
    const [inserted, queued] = await db.batch([
      db
        .insert(orders)
        .values({ name, phoneNumber, email, ...choices, createdAt: new Date(now), submissionToken: intake.submissionId })
        .onConflictDoNothing()
        .returning({ id: orders.id, createdAt: orders.createdAt }),
      queueLeadEmail(db, "order", intake.submissionId, staffEmail, now),
    ]);
    created = inserted[0];
    outboxId = queued[0]?.id;
    // Nothing inserted: fine if the same form came back (double click, retry), a failure otherwise.
    if (!created && !(await storedBefore(db, orders, intake.submissionId))) {
      throw new Error("order neither inserted nor found");
    }
  } catch (error) {
    console.error("order insert failed", error);
    return dataWithToast(context, { result: intake.reply() }, { type: "error", message: ORDER_MESSAGES.failure }, { status: 503 });
  }

  if (created) afterLeadStored(context, "orders", created, outboxId);
  return redirectWithToast("/orderOnline", { type: "success", message: ORDER_MESSAGES.success });
}
