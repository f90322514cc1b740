import { fromBase64Url, toBase64Url } from "~/core/base64";
import { signMessage, verifyMessage } from "~/core/secret";

// The link in a booking's confirmation that opens its manage page:
// "<booking reference>.<HMAC-SHA-256 of it, base64url>", signed with
// SESSION_SECRET under its own purpose, so neither a submission token nor a
// reference alone opens it, and a changed character fails. The reference is a
// random UUID (unguessable). The token itself carries no date: the page stops
// accepting it once the booked visit has ended, judged against the booking as
// it stands, so a rescheduled visit keeps its link (docs/decisions/067).

// 32 bytes take 43 base64url characters, the last carrying 2 unused bits. Only the
// canonical last character (unused bits zero) is accepted, or a token with those
// bits flipped would decode to the same signature and a changed character pass.
const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{42}[AEIMQUYcgkosw048])$/;

const signed = (reference: string) => `manage-appointment:${reference}`;

export async function manageToken(env: Pick<Env, "SESSION_SECRET">, reference: string): Promise<string> {
  return `${reference}.${toBase64Url(await signMessage(env, signed(reference)))}`;
}

/** The booking reference a genuine token names, or null for anything else. */
export async function verifyManageToken(env: Pick<Env, "SESSION_SECRET">, token: unknown): Promise<string | null> {
  const match = typeof token === "string" ? TOKEN_PATTERN.exec(token) : null;
  if (!match) return null;
  const [, reference, signatureText] = match as unknown as [string, string, string];
  const signature = fromBase64Url(signatureText);
  if (!signature || signature.byteLength !== 32) return null;
  return (await verifyMessage(env, signed(reference), signature)) ? reference : null;
}

/** Where the visitor manages a booking. */
export function managePath(token: string): `/${string}` {
  return `/appointment/${token}`;
}
