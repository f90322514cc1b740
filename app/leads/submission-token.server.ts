import jwt from "@tsndr/cloudflare-worker-jwt";
import { requireSessionSecret } from "~/auth/secret";
import type { LeadKind } from "./kinds";

// A hidden field in every lead form carries a signed, expiring token (a JWT,
// HS256 with SESSION_SECRET). Its random id is stored in the lead's unique
// submission_token column, so a double click, a back-and-resubmit or a network
// retry stores one lead, never two. The token names its form, so a contact
// token cannot book.

/** Long enough for a visitor who leaves a form open over lunch or overnight. */
const SUBMISSION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Clock skew we forgive between isolates; anything newer is not ours. */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
const MAX_TOKEN_LENGTH = 512;

export const SUBMISSION_TOKEN_MESSAGES = {
  invalid: "We couldn't verify this form. Please submit it again.",
  expired: "This form has expired. Please submit it again.",
} as const;

export type TokenCheck = { ok: true; id: string } | { ok: false; reason: keyof typeof SUBMISSION_TOKEN_MESSAGES };

interface SubmissionClaims {
  /** The lead's submission id. */
  jti: string;
  form: LeadKind;
  /** Issued at, epoch seconds. */
  iat: number;
}

export function issueSubmissionToken(env: Pick<Env, "SESSION_SECRET">, kind: LeadKind, now = Date.now()) {
  return jwt.sign<SubmissionClaims>(
    { jti: crypto.randomUUID(), form: kind, iat: Math.floor(now / 1000) },
    requireSessionSecret(env),
    { algorithm: "HS256" },
  );
}

export async function verifySubmissionToken(
  env: Pick<Env, "SESSION_SECRET">,
  kind: LeadKind,
  token: unknown,
  now = Date.now(),
): Promise<TokenCheck> {
  const secret = requireSessionSecret(env);
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "invalid" };
  let claims: Partial<SubmissionClaims> | undefined;
  try {
    claims = (await jwt.verify<SubmissionClaims>(token, secret, { algorithm: "HS256" }))?.payload;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!claims || claims.form !== kind || typeof claims.jti !== "string" || !/^[0-9a-f-]{36}$/.test(claims.jti)) {
    return { ok: false, reason: "invalid" };
  }
  const issuedAt = Number(claims.iat) * 1000;
  if (!Number.isFinite(issuedAt) || issuedAt > now + FUTURE_TOLERANCE_MS) return { ok: false, reason: "invalid" };
  if (now - issuedAt > SUBMISSION_TOKEN_TTL_MS) return { ok: false, reason: "expired" };
  return { ok: true, id: claims.jti };
}
