import { z } from "zod";

// What a contact or order form's success page shows until the visitor leaves it:
// what was received, what happens next, where the confirmation e-mail went. It
// travels in the sealed flash cookie with the toast (app/http/toast.server.ts, decision 132).

const ReceiptSchema = z.object({
  kind: z.enum(["contact", "order"]),
  /** Where the "We received your request" e-mail went. */
  email: z.string().max(254),
  /** The order's piece in a few words, e.g. "Custom Ring, Gold Yellow, Moissanite". */
  piece: z.string().max(400).optional(),
  photos: z.number().int().min(0).max(10).optional(),
});

export type LeadReceipt = z.output<typeof ReceiptSchema>;

/** A flashed value as a receipt, or null when there is none (or it is not one). */
export function leadReceipt(value: unknown): LeadReceipt | null {
  const parsed = ReceiptSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** "1 photo", "3 photos", "no photos". */
export function photoCountLabel(count: number): string {
  return count === 0 ? "no photos" : count === 1 ? "1 photo" : `${count} photos`;
}
