import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { emailMessage } from "~/mail/outbox.server";
import { dashboardUrl, leadEmail } from "~/mail/staff-email";
import { requestReceivedEmail } from "~/mail/visitor-messages";
import type { LeadIntake } from "./intake.server";
import { storedChoices, type OrderRequest } from "./rules/order";
import { storeLeadOnce } from "./save.server";

/** Stores the custom order request, its staff e-mail and the visitor's "We received your request" in one batch. Throws if D1 fails. */
export async function saveOrder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  intake: Extract<LeadIntake<OrderRequest>, { ok: true }>,
): Promise<void> {
  const { name, phoneNumber, email } = intake.value;
  const choices = storedChoices(intake.value);
  const db = getDb(getCloudflare(context).env);
  const now = Date.now();
  const rows: [string, string][] = [
    ["Name", name],
    ["Phone", phoneNumber],
    ["E-mail", email],
    ["Jewelry type", choices.jewelryType],
    ["Material", choices.materialPreferences],
    ["Diamond selection", choices.diamondSelection],
  ];
  await storeLeadOnce(db, context, {
    kind: "order",
    submissionId: intake.submissionId,
    now,
    insert: db
      .insert(orders)
      .values({ name, phoneNumber, email, ...choices, createdAt: new Date(now), submissionToken: intake.submissionId })
      .onConflictDoNothing()
      .returning({ id: orders.id, createdAt: orders.createdAt }),
    staffEmail: leadEmail("order", rows, dashboardUrl(request)),
    visitorMessages: [emailMessage("request-received", requestReceivedEmail(email, name, rows))],
  });
}
