import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { leadEmail } from "~/mail/staff-email";
import type { LeadIntake } from "./intake.server";
import { storedChoices, type OrderRequest } from "./rules/order";
import { storeLeadOnce } from "./save.server";

/** Stores the custom order request and its staff e-mail in one batch. Throws if D1 fails. */
export async function saveOrder(
  context: Readonly<RouterContextProvider>,
  intake: Extract<LeadIntake<OrderRequest>, { ok: true }>,
): Promise<void> {
  const { name, phoneNumber, email } = intake.value;
  const choices = storedChoices(intake.value);
  const db = getDb(getCloudflare(context).env);
  const now = Date.now();
  await storeLeadOnce(db, context, {
    kind: "order",
    submissionId: intake.submissionId,
    now,
    insert: db
      .insert(orders)
      .values({ name, phoneNumber, email, ...choices, createdAt: new Date(now), submissionToken: intake.submissionId })
      .onConflictDoNothing()
      .returning({ id: orders.id, createdAt: orders.createdAt }),
    staffEmail: leadEmail(
      "order",
      [
        ["Name", name],
        ["Phone", phoneNumber],
        ["E-mail", email],
        ["Jewelry type", choices.jewelryType],
        ["Material", choices.materialPreferences],
        ["Diamond selection", choices.diamondSelection],
      ],
    ),
  });
}
