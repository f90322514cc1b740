import { and, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { messaging } from "~/config/messaging";
import type { Db } from "~/db/client.server";
import { consentRecords, outbox, smsInbound, smsOptOuts, type ConsentPurpose } from "~/db/schema";
import type { LeadKind } from "~/core/lead-kinds";
import { textablePhone } from "~/core/phone";

// Whether the store may text a number (decision 135). A text about a record
// (a visit, a message, a repair) needs the consent given with that record, for
// that number: a stranger who types someone's number on another form makes
// only their own record textable. A promotion needs the number's promotional
// consent, confirmed by the number itself (it replied YES to the confirmation
// text); the confirmation text needs the unconfirmed request made with its
// record. Never while the number is on the opt-out list (its newest STOP/START
// row says stop). The outbox asks at send time, the staff page before it offers
// the button. A number with no record may be answered for a while after it
// texted the store (decision 144): the customer asked; nothing else is sent.

/** The record a text is about, whose consent it relies on. An order's form asks for none. */
export interface ConsentSource {
  kind: LeadKind | "repair";
  id: number;
}

/**
 * What a text needs: a consent of `purpose` given with `record`; a promotion
 * needs only the number's confirmed promotional consent (`record` null).
 */
export type TextPurpose =
  | { purpose: "transactional" | "repair-ready" | "repair-updates" | "promotional-request"; record: ConsentSource }
  | { purpose: "promotional"; record?: null }
  | { purpose: "reply"; record?: null };

export type TextPermission =
  | { ok: true; phone: string }
  | { ok: false; reason: "no-number" | "no-consent" | "not-asked" | "no-promo-consent" | "promo-confirmed" | "opted-out" | "no-recent-text"; phone: string | null };

export const TEXT_REFUSALS: Record<Extract<TextPermission, { ok: false }>["reason"], string> = {
  "no-number": "This phone number can't receive texts: a 10-digit US number is needed.",
  "no-consent": "There is no text-message consent from this number given with this record.",
  "not-asked": "The order form asks for no consent to texts: call or e-mail this customer.",
  "no-promo-consent": "This number has not confirmed promotions by text (by replying YES).",
  "promo-confirmed": "This number has already confirmed promotions by text.",
  "opted-out": "This number replied STOP and is on the opt-out list.",
  "no-recent-text": "This number has not texted the store in the last 48 hours: call it, or attach its text to the customer's record.",
};

/** How long after a number's last text (not a keyword) a clerk may answer it without a record's consent. */
export const REPLY_WINDOW_MS = 48 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The consent column that names a record of this kind; an order has none. */
function sourceColumn(kind: ConsentSource["kind"]) {
  if (kind === "appointment") return consentRecords.appointmentId;
  if (kind === "contact") return consentRecords.contactMessageId;
  if (kind === "repair") return consentRecords.repairId;
  return null;
}

const promotionalConfirmed = (phone: string) =>
  and(eq(consentRecords.phone, phone), eq(consentRecords.purpose, "promotional"), isNotNull(consentRecords.confirmedAt));

/** The consents that allow the text, as a WHERE, or null when no record of its kind can hold one. */
function allowingConsent(phone: string, need: TextPurpose): SQL | undefined | null {
  if (need.purpose === "promotional") return promotionalConfirmed(phone);
  if (need.purpose === "reply") return null;
  const column = sourceColumn(need.record.kind);
  if (!column) return null;
  const purpose = need.purpose === "promotional-request" ? "promotional" : need.purpose;
  // A repair's counter consent under the newer words (decision 141) allows its "ready" text too.
  const purposes: ConsentPurpose[] = purpose === "repair-ready" ? ["repair-ready", "repair-updates"] : [purpose];
  return and(eq(consentRecords.phone, phone), inArray(consentRecords.purpose, purposes), eq(column, need.record.id));
}

export async function textPermission(db: Db, typedPhone: string, need: TextPurpose, now = Date.now()): Promise<TextPermission> {
  const phone = textablePhone(typedPhone);
  if (!phone) return { ok: false, reason: "no-number", phone: null };
  const allowing = allowingConsent(phone, need);
  const noConsent = need.purpose === "promotional" ? "no-promo-consent" : need.purpose === "reply" ? "no-recent-text" : allowing === null ? "not-asked" : "no-consent";
  const [consent, latest] = await db.batch([
    need.purpose === "reply"
      ? db
          .select({ id: smsInbound.id })
          .from(smsInbound)
          .where(and(eq(smsInbound.fromPhone, phone), isNull(smsInbound.keyword), gt(smsInbound.createdAt, new Date(now - REPLY_WINDOW_MS))))
          .limit(1)
      : db.select({ id: consentRecords.id }).from(consentRecords).where(allowing ?? sql`0`).limit(1),
    db
      .select({ action: smsOptOuts.action })
      .from(smsOptOuts)
      .where(eq(smsOptOuts.phone, phone))
      .orderBy(desc(smsOptOuts.id))
      .limit(1),
  ]);
  if (latest[0]?.action === "stop") return { ok: false, reason: "opted-out", phone };
  if (!consent[0]) return { ok: false, reason: noConsent, phone };
  // The request to confirm goes only to a number that has not confirmed yet (asked only for that rare text).
  if (need.purpose === "promotional-request") {
    const [confirmed] = await db.select({ id: consentRecords.id }).from(consentRecords).where(promotionalConfirmed(phone)).limit(1);
    if (confirmed) return { ok: false, reason: "promo-confirmed", phone };
  }
  return { ok: true, phone };
}

/** Texts counted against the store's daily cap in the 24 hours before `now`. */
export async function storeTextsInLastDay(db: Db, now: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(outbox)
    .where(and(eq(outbox.channel, "sms"), gt(outbox.countedAt, new Date(now - DAY_MS))));
  return row?.n ?? 0;
}

export function storeCapReached(textsInLastDay: number): boolean {
  return textsInLastDay >= messaging.storeTextsPerDay;
}
