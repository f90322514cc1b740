import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { emailMessage, textMessage } from "~/messaging/outbox.server";
import { leadEmail } from "./staff-email";
import { promoConfirmationText, requestReceivedEmail } from "~/messaging/visitor-messages";
import { recordSmsConsent } from "./consent.server";
import type { LeadIntake } from "./intake.server";
import { formatPhone, textablePhone } from "~/core/phone";
import type { ContactRequest } from "./rules/contact";
import { storeLeadOnce } from "./save.server";

/**
 * Stores the message with the consents the visitor gave (each with its exact words, version,
 * time, IP, number: texts about this message, and promotions if ticked), the staff e-mail and the visitor's "We received your
 * request", in one batch. A promotions tick is a request until the number replies YES to the
 * text that asks it to (decision 135). Throws if D1 fails.
 */
export async function saveContactMessage(
  context: Readonly<RouterContextProvider>,
  intake: Extract<LeadIntake<ContactRequest>, { ok: true }>,
): Promise<void> {
  const { name, phone, email, message, promoConsent } = intake.value;
  const db = getDb(getCloudflare(context).env);
  const now = Date.now();
  const rows: [string, string][] = [
    ["Name", name],
    ["Phone", formatPhone(phone)],
    ["E-mail", email],
    ["Message", message],
  ];
  const promoPhone = promoConsent ? textablePhone(phone) : null;
  const staffRows: [string, string][] = [
    ...rows,
    ["Offers by text", promoConsent ? "Asked for promotions by text: they start once the number replies YES to our text" : "No"],
  ];
  const lead = { kind: "contact", submissionId: intake.submissionId } as const;
  const consent = { phone, ip: intake.ip, now };
  await storeLeadOnce(db, context, {
    kind: "contact",
    submissionId: intake.submissionId,
    now,
    push: { name, preview: message },
    insert: db
      .insert(contactMessages)
      .values({ name, phone, email, message, createdAt: new Date(now), submissionToken: intake.submissionId })
      .onConflictDoNothing()
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt }),
    // Each consent its own record, with its own words and version.
    alongside: [
      recordSmsConsent(db, lead, consent),
      ...(promoConsent ? [recordSmsConsent(db, lead, { ...consent, purpose: "promotional" })] : []),
    ],
    staffEmail: await leadEmail("contact", staffRows, { replyTo: email }),
    visitorMessages: [
      emailMessage("request-received", await requestReceivedEmail(email)),
      ...(promoPhone ? [textMessage("promo-confirmation", promoPhone, promoConfirmationText())] : []),
    ],
  });
}
