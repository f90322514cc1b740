import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getDb } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { consentRecords, contactMessages } from "~/db/schema";
import { getCloudflare } from "~/http/request-context";
import { dashboardUrl, leadFormHeaders, leadFormLoaderData, refuseLead, takeLeadSubmission } from "~/leads/intake.server";
import { leadEmail } from "~/mail/staff-email";
import { afterLeadStored, storedBefore } from "~/leads/save.server";
import { queueLeadEmail } from "~/mail/outbox.server";
import { SMS_CONSENT_TEXT, SMS_CONSENT_VERSION } from "~/leads/consent";
import { dataWithToast, redirectWithToast } from "~/http/toast.server";
import { sql } from "drizzle-orm";

type ContactSchema = z.ZodType<{ name: string; phoneNumber: string; email: string; message: string }>;

export const CONTACT_MESSAGES = {
  success: "Message sent successfully!",
  failure: "Failed to send message. Please try again.",
} as const;

export { leadFormHeaders as headers };

export async function loader({ context }: { context: Readonly<RouterContextProvider> }) {
  return leadFormLoaderData(context, "contact");
}

/**
 * Stores the message, the consent the visitor gave (exact words, version, time,
 * IP) and the staff e-mail in one D1 batch; a resubmitted token stores nothing
 * new and gets the same answer.
 */
export async function saveContactMessage(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: ContactSchema,
) {
  const { env } = getCloudflare(context);
  const intake = await takeLeadSubmission(request, context, "contact", schema, await request.formData());
  if (!intake.ok) return refuseLead(intake);

  const { name, phoneNumber, email, message } = intake.value;
  const db = getDb(env);
  const now = Date.now();
  const staffEmail = leadEmail(
    "contact",
    [
      ["Name", name],
      ["Phone", phoneNumber],
      ["E-mail", email],
      ["Message", message],
    ],
    dashboardUrl(request),
  );

  let created: { id: number; createdAt: Date } | undefined;
  let outboxId: number | undefined;
  try {
    const [inserted, , queued] = await db.batch([
      db
        .insert(contactMessages)
        .values({ name, phoneNumber, email, message, createdAt: new Date(now), submissionToken: intake.submissionId })
        .onConflictDoNothing()
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt }),
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
      queueLeadEmail(db, "contact", intake.submissionId, staffEmail, now),
    ]);
    created = inserted[0];
    outboxId = queued[0]?.id;
    // Nothing inserted: fine if the same form came back (double click, retry), a failure otherwise.
    if (!created && !(await storedBefore(db, contactMessages, intake.submissionId))) {
      throw new Error("contact message neither inserted nor found");
    }
  } catch (error) {
    console.error("contact message insert failed", error);
    return dataWithToast(context, { result: intake.reply() }, { type: "error", message: CONTACT_MESSAGES.failure }, { status: 503 });
  }

  if (created) afterLeadStored(context, "contacts", created, outboxId);
  return redirectWithToast("/contactus", { type: "success", message: CONTACT_MESSAGES.success });
}
