import type { RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import { ORDER_CHOICES, OrderSchema, type OrderRequest } from "~/components/order-form";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import { getCloudflare } from "~/lib/cloudflare";
import { dashboardUrl, leadFormLoaderData, refuseLead, takeLeadSubmission } from "~/lib/lead-intake.server";
import { leadEmail } from "~/lib/notifications/lead-email";
import { deliverOutboxMessage, queueLeadEmail } from "~/lib/notifications/outbox.server";
import { announceLead } from "~/lib/room.server";
import { dataWithToast, redirectWithToast } from "~/lib/toast.server";

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
  const { env, ctx } = getCloudflare(context);
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
    if (!created) {
      // The same form came back (double click, retry): it is already stored.
      const existing = await db.query.orders.findFirst({
        columns: { id: true },
        where: eq(orders.submissionToken, intake.submissionId),
      });
      if (!existing) throw new Error("order neither inserted nor found");
    }
  } catch (error) {
    console.error("order insert failed", error);
    return dataWithToast(context, { result: intake.reply() }, { type: "error", message: ORDER_MESSAGES.failure }, { status: 503 });
  }

  if (created) {
    ctx.waitUntil(announceLead(env, { inbox: "orders", id: created.id, createdAt: created.createdAt.getTime() }));
    if (outboxId !== undefined) ctx.waitUntil(deliverOutboxMessage(env, outboxId));
  }
  return redirectWithToast("/orderOnline", { type: "success", message: ORDER_MESSAGES.success });
}
