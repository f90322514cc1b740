import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { store } from "~/config/store";
import { getDb } from "~/db/client.server";
import { passkeyChallenges, passkeys, users } from "~/db/schema";
import { clientKey, d1RateLimiter, retryAfterHeaders, waitFor } from "~/http/rate-limit.server";
import { fromBase64Url, toBase64Url } from "~/core/base64";
import { describeDevice } from "./device-label";
import { authenticationOptions, registrationOptions } from "./webauthn/options";
import { verifyAuthentication, verifyRegistration, type Ceremony } from "./webauthn/verify";

// Passkeys (docs/decisions/057, 129). The relying party is the host the staff pages
// are served from; every challenge is stored once and consumed by the verification
// that accepts it, so no response can be replayed.

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Failed passkey sign-ins per address; its own counter, never the password's. */
const PASSKEY_TRIES = { limit: 10, windowMs: 15 * 60 * 1000 };
/** Anonymous sign-in challenges per address: one per challenge lifetime, a few times over. */
const SIGN_IN_CHALLENGES = { limit: 10, windowMs: CHALLENGE_TTL_MS };
const FAILED = "That passkey could not be used. Try again, or sign in with your password.";

function relyingParty(request: Request) {
  const url = new URL(request.url);
  return { rpID: url.hostname, origin: url.origin };
}

function ceremony(request: Request, env: Env, userId: number | null): Ceremony {
  return { ...relyingParty(request), consumeChallenge: (challenge) => consumeChallenge(env, challenge, userId) };
}

/** The user handle a passkey of this account carries: it names the account, and nothing else. */
function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`staff:${userId}`);
}

async function rememberChallenge(env: Env, challenge: string, userId: number | null) {
  await getDb(env)
    .insert(passkeyChallenges)
    .values({ challenge, userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

/** Deletes the challenge if it is live and belongs to this ceremony; true only the first time. */
async function consumeChallenge(env: Env, challenge: string, userId: number | null): Promise<boolean> {
  const owner = userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId);
  const consumed = await getDb(env)
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.challenge, challenge), owner, gt(passkeyChallenges.expiresAt, new Date())))
    .returning({ challenge: passkeyChallenges.challenge });
  return consumed.length === 1;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== "string" || text.length > 32_000) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The account's passkeys for the account page, oldest first. */
export function listPasskeys(env: Env, userId: number) {
  return getDb(env)
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

/** Options for adding a passkey to this account (step 1 of 2). */
export async function passkeyRegistrationOptions(request: Request, env: Env, user: { id: number; email: string }) {
  const existing = await getDb(env)
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = registrationOptions({
    rpName: store.name,
    rpID: relyingParty(request).rpID,
    userName: user.email,
    userHandle: userHandle(user.id),
    exclude: existing.map((key) => ({ id: key.id, transports: key.transports ? key.transports.split(",") : [] })),
  });
  await rememberChallenge(env, options.challenge, user.id);
  return options;
}

export type PasskeyResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 429; message: string };

/** Verifies and stores a new passkey (step 2 of 2). */
export async function addPasskey(
  request: Request,
  env: Env,
  user: { id: number },
  responseText: unknown,
): Promise<PasskeyResult<{ id: string; name: string }>> {
  const credential = await verifyRegistration(parseJson(responseText), ceremony(request, env, user.id));
  if (!credential) return { ok: false, status: 400, message: "That passkey could not be added. Please try again." };
  const name = describeDevice(request.headers.get("User-Agent") ?? "");
  const stored = await getDb(env)
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      publicKey: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports.join(","),
      name,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (stored.length === 0) return { ok: false, status: 400, message: "That passkey is already registered." };
  return { ok: true, value: { id: credential.id, name } };
}

/** Removes one of the account's passkeys; false when it is not theirs. */
export async function removePasskey(env: Env, userId: number, passkeyId: string): Promise<{ name: string } | null> {
  const [removed] = await getDb(env)
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  return removed ?? null;
}

/**
 * Options for signing in with any passkey of this site (step 1 of 2); no account
 * is named. Anyone may ask, so each address gets a few challenges per challenge
 * lifetime: the table holds at most that many live rows per address.
 */
export async function passkeySignInOptions(
  request: Request,
  env: Env,
): Promise<PasskeyResult<ReturnType<typeof authenticationOptions>> & { headers?: HeadersInit }> {
  const allowed = await d1RateLimiter(env, SIGN_IN_CHALLENGES).hit(`passkey-options:ip:${clientKey(request)}`);
  if (!allowed.allowed) {
    return { ok: false, status: 429, message: `Too many passkey sign-ins started. Please wait ${waitFor(allowed)} and try again.`, headers: retryAfterHeaders(allowed) };
  }
  const options = authenticationOptions(relyingParty(request).rpID);
  await rememberChallenge(env, options.challenge, null);
  return { ok: true, value: options };
}

/**
 * Verifies a passkey sign-in (step 2 of 2). It is throttled only by failed
 * passkey tries from the address, counted before verifying; password failures
 * never touch it.
 */
export async function verifyPasskeySignIn(
  request: Request,
  env: Env,
  responseText: unknown,
): Promise<PasskeyResult<{ id: number; email: string; tokenVersion: number }>> {
  const limiter = d1RateLimiter(env, PASSKEY_TRIES);
  const key = `passkey:ip:${clientKey(request)}`;
  const attempt = await limiter.attempt(key);
  if (!attempt.allowed) return { ok: false, status: 429, message: "Too many failed passkey sign-ins. Please wait and try again." };

  const answer = parseJson(responseText);
  const failed = { ok: false as const, status: 400 as const, message: FAILED };
  const credentialId = answer && typeof answer === "object" && "id" in answer ? answer.id : null;
  if (typeof credentialId !== "string") return failed;
  const db = getDb(env);
  const [found] = await db
    .select({ passkey: passkeys, user: { id: users.id, email: users.email, tokenVersion: users.tokenVersion } })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, credentialId))
    .limit(1);
  if (!found) return failed;
  const publicKey = fromBase64Url(found.passkey.publicKey);
  if (!publicKey) return failed;
  const verified = await verifyAuthentication(
    answer,
    { id: found.passkey.id, publicKey, counter: found.passkey.counter, userHandle: toBase64Url(userHandle(found.user.id)) },
    ceremony(request, env, null),
  );
  if (!verified) return failed;
  await Promise.all([
    // Two sign-ins at once may finish in either order: the counter only ever moves forward.
    db
      .update(passkeys)
      .set({ counter: sql`max(${passkeys.counter}, ${verified.counter})`, lastUsedAt: new Date() })
      .where(eq(passkeys.id, found.passkey.id)),
    limiter.forgive(key),
  ]);
  return { ok: true, value: found.user };
}
