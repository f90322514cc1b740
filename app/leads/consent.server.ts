import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { consentRecords } from "~/db/schema";
import { CONSENTS, PHONE_BOOKING_CONSENT, type FormConsentPurpose } from "./consent";
import { LEADS } from "~/core/lead-kinds";
import { textablePhone } from "~/core/phone";

/**
 * The batch statement that records an SMS consent given with the lead a form
 * stores under `submissionId`: its purpose, the exact words and their version,
 * when, from which IP, and for which number. Once per lead and purpose; nothing
 * if the lead was not stored. A consent a clerk read aloud on the phone keeps the
 * words read and the clerk, as a repair's consent at the counter does.
 */
export function recordSmsConsent(
  db: Db,
  lead: { kind: "contact" | "appointment"; submissionId: string },
  consent: { phone: string; ip: string; now: number; purpose?: FormConsentPurpose; readAloudBy?: string },
) {
  const purpose = consent.purpose ?? "transactional";
  const words = consent.readAloudBy ? PHONE_BOOKING_CONSENT : CONSENTS[purpose];
  const table = sql.identifier(LEADS[lead.kind].table);
  const source = lead.kind === "contact" ? consentRecords.contactMessageId : consentRecords.appointmentId;
  const phone = textablePhone(consent.phone);
  return insertSelect(
    db,
    consentRecords,
    {
      id: sql`NULL`,
      phone: phone ? sql`${phone}` : sql`NULL`,
      contactMessageId: lead.kind === "contact" ? sql`${table}.id` : sql`NULL`,
      appointmentId: lead.kind === "appointment" ? sql`${table}.id` : sql`NULL`,
      repairId: sql`NULL`,
      recordedBy: consent.readAloudBy ? sql`${consent.readAloudBy}` : sql`NULL`,
      purpose: sql`${purpose}`,
      consentVersion: sql`${words.version}`,
      consentText: sql`${words.text}`,
      ip: sql`${consent.ip}`,
      createdAt: sql`${consent.now}`,
      confirmedAt: sql`NULL`,
      confirmationSid: sql`NULL`,
    },
    sql`FROM ${table}
      WHERE ${table}.submission_token = ${lead.submissionId}
        AND NOT EXISTS (SELECT 1 FROM ${consentRecords} WHERE ${source} = ${table}.id AND ${consentRecords.purpose} = ${purpose})`,
  );
}
