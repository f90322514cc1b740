import { sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { consentRecords, contactMessages } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { leadEmail } from "~/mail/staff-email";
import { SMS_CONSENT_TEXT, SMS_CONSENT_VERSION } from "./consent";
import type { LeadIntake } from "./intake.server";
import type { ContactRequest } from "./rules/contact";
import { storeLeadOnce } from "./save.server";

/**
 * Stores the message with the consent the visitor gave (exact words, version,
 * time, IP) and the staff e-mail, in one batch. Throws if D1 fails.
 */
export async function saveContactMessage(
  context: Readonly<RouterContextProvider>,
  intake: Extract<LeadIntake<ContactRequest>, { ok: true }>,
): Promise<void> {
  const { name, phoneNumber, email, message } = intake.value;
  const db = getDb(getCloudflare(context).env);
  const now = Date.now();
  await storeLeadOnce(db, context, {
    kind: "contact",
    submissionId: intake.submissionId,
    now,
    insert: db
      .insert(contactMessages)
      .values({ name, phoneNumber, email, message, createdAt: new Date(now), submissionToken: intake.submissionId })
      .onConflictDoNothing()
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt }),
    alongside: [
      insertSelect(
        db,
        consentRecords,
        {
          id: sql`NULL`,
          contactMessageId: sql`${contactMessages.id}`,
          consentVersion: sql`${SMS_CONSENT_VERSION}`,
          consentText: sql`${SMS_CONSENT_TEXT}`,
          ip: sql`${intake.ip}`,
          createdAt: sql`${now}`,
        },
        sql`FROM ${contactMessages}
          WHERE ${contactMessages.submissionToken} = ${intake.submissionId}
            AND NOT EXISTS (SELECT 1 FROM ${consentRecords} WHERE ${consentRecords.contactMessageId} = ${contactMessages.id})`,
      ),
    ],
    staffEmail: leadEmail(
      "contact",
      [
        ["Name", name],
        ["Phone", phoneNumber],
        ["E-mail", email],
        ["Message", message],
      ],
    ),
  });
}
