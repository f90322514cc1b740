import { and, desc, eq, gt, sql } from "drizzle-orm";
import { messaging } from "~/config/messaging";
import type { Db } from "~/db/client.server";
import { consentRecords, outbox, smsOptOuts, type ConsentPurpose } from "~/db/schema";
import { textablePhone } from "~/core/phone";

// Whether the store may text a number: only with a consent record for it, of the
// purpose the text has (a promotion needs the separate promotional consent), and
// never while it is on the opt-out list (its newest STOP/START row says stop).
// The outbox asks at send time, the staff page before it offers the button.

export type TextPermission =
  | { ok: true; phone: string }
  | { ok: false; reason: "no-number" | "no-consent" | "no-promo-consent" | "opted-out"; phone: string | null };

export const TEXT_REFUSALS: Record<Extract<TextPermission, { ok: false }>["reason"], string> = {
  "no-number": "This phone number can't receive texts: a 10-digit US number is needed.",
  "no-consent": "There is no text-message consent from this number.",
  "no-promo-consent": "This number has not agreed to promotions by text.",
  "opted-out": "This number replied STOP and is on the opt-out list.",
};

const DAY_MS = 24 * 60 * 60 * 1000;

export async function textPermission(
  db: Db,
  typedPhone: string,
  purpose: ConsentPurpose = "transactional",
): Promise<TextPermission> {
  const phone = textablePhone(typedPhone);
  if (!phone) return { ok: false, reason: "no-number", phone: null };
  const [consent, latest] = await db.batch([
    db
      .select({ id: consentRecords.id })
      .from(consentRecords)
      .where(and(eq(consentRecords.phone, phone), eq(consentRecords.purpose, purpose)))
      .limit(1),
    db
      .select({ action: smsOptOuts.action })
      .from(smsOptOuts)
      .where(eq(smsOptOuts.phone, phone))
      .orderBy(desc(smsOptOuts.id))
      .limit(1),
  ]);
  if (latest[0]?.action === "stop") return { ok: false, reason: "opted-out", phone };
  if (!consent[0]) return { ok: false, reason: purpose === "promotional" ? "no-promo-consent" : "no-consent", phone };
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
