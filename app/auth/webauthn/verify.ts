import { decodeCBORToNativeValueNoLeftoverBytes } from "@oslojs/cbor";
import { ClientDataType, parseAuthenticatorData, parseClientDataJSON, TokenBindingStatus, type AuthenticatorData } from "@oslojs/webauthn";
import { toBase64Url } from "~/core/base64";
import { coseKeyLength, publicKeyVerifier } from "./public-key";
import { authenticationResponseSchema, registrationResponseSchema } from "./responses";

// The relying party's checks of a passkey ceremony (WebAuthn Level 3, sections 7.1 and 7.2), on
// @oslojs/webauthn's parsers and WebCrypto (decision 129). Each function answers null for any
// answer it does not accept, and never throws for one; only an answer that passes spends its challenge.

export type Ceremony = {
  origin: string;
  rpID: string;
  /** Deletes the challenge if it is live and belongs to this ceremony; true only the first time. */
  consumeChallenge: (challenge: string) => Promise<boolean>;
};

export type NewPasskey = { id: string; publicKey: Uint8Array; counter: number; transports: string[] };
export type StoredPasskey = { id: string; publicKey: Uint8Array; counter: number; userHandle: string };

/** Nesting an attestation object may have: its statement's certificate list. */
const ATTESTATION_DEPTH = 4;
/** Flags byte, counter, AAGUID and id length come before the credential id (section 6.5.1). */
const CREDENTIAL_ID_OFFSET = 55;

/** The client data of the expected kind, from this origin: its challenge, or null. */
function readClientData(bytes: Uint8Array, type: ClientDataType, origin: string): string | null {
  const clientData = parseClientDataJSON(bytes);
  if (clientData.type !== type || clientData.origin !== origin || clientData.crossOrigin === true) return null;
  // No connection here is token-bound; a client that says it used one is not talking to this server.
  if (clientData.tokenBinding?.status === TokenBindingStatus.Present) return null;
  return toBase64Url(clientData.challenge);
}

/** Where the flags byte sits in authenticator data, and its backup bits (section 6.1). */
const FLAGS_OFFSET = 32;
const BACKUP_ELIGIBLE = 0x08;
const BACKED_UP = 0x10;

/**
 * For this site, with the user present (user verification is preferred, not required), and flags
 * that can be true: a key cannot be backed up unless it is eligible for backup.
 */
function isForThisSite(raw: Uint8Array, authenticatorData: AuthenticatorData, rpID: string): boolean {
  const flags = raw[FLAGS_OFFSET] ?? 0;
  const backupFlagsPossible = (flags & BACKED_UP) === 0 || (flags & BACKUP_ELIGIBLE) !== 0;
  return authenticatorData.verifyRelyingPartyIdHash(rpID) && authenticatorData.userPresent && backupFlagsPossible;
}

function readAttestationObject(bytes: Uint8Array): Uint8Array | null {
  const decoded: unknown = decodeCBORToNativeValueNoLeftoverBytes(bytes, ATTESTATION_DEPTH);
  if (typeof decoded !== "object" || decoded === null) return null;
  const { fmt, attStmt, authData } = decoded as Record<string, unknown>;
  if (typeof fmt !== "string" || typeof attStmt !== "object" || attStmt === null || !(authData instanceof Uint8Array)) return null;
  // The statement is not checked: the options ask for no attestation, and the store trusts any
  // authenticator its staff choose, so what a statement proves would change nothing (decision 129).
  return authData;
}

/** A new passkey's answer (section 7.1): the key to store, or null. */
export async function verifyRegistration(answer: unknown, ceremony: Ceremony): Promise<NewPasskey | null> {
  const checked = await checkRegistration(answer, ceremony).catch(() => null);
  // The challenge is spent only by an answer that passed every other check.
  return checked && (await ceremony.consumeChallenge(checked.challenge)) ? checked.passkey : null;
}

async function checkRegistration(answer: unknown, ceremony: Ceremony): Promise<{ challenge: string; passkey: NewPasskey } | null> {
  const parsed = registrationResponseSchema.safeParse(answer);
  if (!parsed.success || parsed.data.id !== parsed.data.rawId) return null;
  const { id, response } = parsed.data;
  const challenge = readClientData(response.clientDataJSON, ClientDataType.Create, ceremony.origin);
  const authData = readAttestationObject(response.attestationObject);
  if (challenge === null || authData === null) return null;
  const authenticatorData = parseAuthenticatorData(authData);
  const credential = authenticatorData.credential;
  if (!isForThisSite(authData, authenticatorData, ceremony.rpID) || !credential || toBase64Url(credential.id) !== id) return null;
  const keyStart = CREDENTIAL_ID_OFFSET + credential.id.byteLength;
  const publicKey = authData.slice(keyStart, keyStart + coseKeyLength(authData.subarray(keyStart)));
  await publicKeyVerifier(publicKey); // throws for a key this server could not check a sign-in with
  return { challenge, passkey: { id, publicKey, counter: authenticatorData.signatureCounter, transports: response.transports ?? [] } };
}

/** A sign-in's answer for a stored passkey (section 7.2): the new signature counter, or null. */
export async function verifyAuthentication(answer: unknown, passkey: StoredPasskey, ceremony: Ceremony): Promise<{ counter: number } | null> {
  const checked = await checkAuthentication(answer, passkey, ceremony).catch(() => null);
  return checked && (await ceremony.consumeChallenge(checked.challenge)) ? { counter: checked.counter } : null;
}

async function checkAuthentication(answer: unknown, passkey: StoredPasskey, ceremony: Ceremony): Promise<{ challenge: string; counter: number } | null> {
  const parsed = authenticationResponseSchema.safeParse(answer);
  if (!parsed.success || parsed.data.id !== parsed.data.rawId || parsed.data.id !== passkey.id) return null;
  const { response } = parsed.data;
  if (response.userHandle && response.userHandle !== passkey.userHandle) return null;
  const challenge = readClientData(response.clientDataJSON, ClientDataType.Get, ceremony.origin);
  if (challenge === null) return null;
  const authenticatorData = parseAuthenticatorData(response.authenticatorData);
  if (!isForThisSite(response.authenticatorData, authenticatorData, ceremony.rpID)) return null;
  const clientDataHash = new Uint8Array(await crypto.subtle.digest("SHA-256", response.clientDataJSON));
  const signed = new Uint8Array(response.authenticatorData.byteLength + clientDataHash.byteLength);
  signed.set(response.authenticatorData);
  signed.set(clientDataHash, response.authenticatorData.byteLength);
  const verify = await publicKeyVerifier(passkey.publicKey);
  if (!(await verify(response.signature, signed))) return null;
  // A counter that does not move forward means a cloned authenticator (section 6.1.1); zero on
  // both sides is an authenticator that keeps no counter.
  const counter = authenticatorData.signatureCounter;
  if ((counter !== 0 || passkey.counter !== 0) && counter <= passkey.counter) return null;
  return { challenge, counter };
}
