// A hidden field in every lead form carries a signed, expiring token. Its random
// id is stored in the record's unique submission_token column, so a double click,
// a back-and-resubmit or a network retry stores one record, never two.
//
// Token: "<id>.<issued at, epoch ms>.<HMAC-SHA-256, base64url>", signed with
// SESSION_SECRET (app/core/secret.ts) over the lead's kind too, so a contact token cannot book.

import { fromBase64Url, toBase64Url } from "~/core/base64";
import { signMessage, verifyMessage } from "~/core/secret";
import type { LeadKind } from "~/core/lead-kinds";

/** Long enough for a visitor who leaves a form open over lunch or overnight. */
const SUBMISSION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Clock skew we forgive between isolates; anything newer is not ours. */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

export const SUBMISSION_TOKEN_MESSAGES = {
  invalid: "We couldn't verify this form. Please submit it again.",
  expired: "This form has expired. Please submit it again.",
} as const;

export type TokenCheck =
  | { ok: true; id: string }
  | { ok: false; reason: keyof typeof SUBMISSION_TOKEN_MESSAGES };

function signedPart(kind: LeadKind, id: string, issuedAt: number) {
  return `submission:${kind}:${id}:${issuedAt}`;
}

export async function issueSubmissionToken(env: Pick<Env, "SESSION_SECRET">, kind: LeadKind, now = Date.now()) {
  const id = crypto.randomUUID();
  const signature = await signMessage(env, signedPart(kind, id, now));
  return `${id}.${now}.${toBase64Url(signature)}`;
}

const TOKEN_PATTERN = /^([0-9a-f-]{36})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

export async function verifySubmissionToken(
  env: Pick<Env, "SESSION_SECRET">,
  kind: LeadKind,
  token: unknown,
  now = Date.now(),
): Promise<TokenCheck> {
  const match = typeof token === "string" ? TOKEN_PATTERN.exec(token) : null;
  if (!match) return { ok: false, reason: "invalid" };
  const [, id, issuedAtText, signatureText] = match as unknown as [string, string, string, string];
  const issuedAt = Number(issuedAtText);
  const signature = fromBase64Url(signatureText);
  if (!signature) return { ok: false, reason: "invalid" };
  const genuine = await verifyMessage(env, signedPart(kind, id, issuedAt), signature);
  if (!genuine || issuedAt > now + FUTURE_TOLERANCE_MS) return { ok: false, reason: "invalid" };
  if (now - issuedAt > SUBMISSION_TOKEN_TTL_MS) return { ok: false, reason: "expired" };
  return { ok: true, id };
}
