import { decodeIEEEP1363ECDSASignature, p256 } from "@oslojs/crypto/ecdsa";
import { encode } from "cborg";
import { concat, u16, u32 } from "../support/bytes";
import { ORIGIN } from "./helpers";

// An authenticator in software, for the ceremonies' refusals that a real one never produces
// (a wrong origin, a counter going back, a forged signature) and for the key types Chromium's
// virtual authenticator does not offer (RS256, EdDSA). CBOR is written by cborg, the ECDSA
// signature's DER by @oslojs/crypto, the rest by WebCrypto. The full ceremonies with a real
// browser run in tests/browser/staff-passkeys.spec.ts.

export type Algorithm = "ES256" | "RS256" | "EdDSA";

/** The authenticator's own base64url, apart from the app's (app/core/base64.ts), so a bug there cannot hide here. */
export const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));

const KEY_PARAMS = {
  ES256: { generate: { name: "ECDSA", namedCurve: "P-256" }, sign: { name: "ECDSA", hash: "SHA-256" } },
  RS256: { generate: { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, sign: { name: "RSASSA-PKCS1-v1_5" } },
  EdDSA: { generate: { name: "Ed25519" }, sign: { name: "Ed25519" } },
} as const;

async function coseKey(algorithm: Algorithm, publicKey: CryptoKey): Promise<Uint8Array> {
  const jwk = (await crypto.subtle.exportKey("jwk", publicKey)) as JsonWebKey;
  const bytes = (field: string | undefined) => fromBase64Url(field!);
  if (algorithm === "ES256") return encode(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, bytes(jwk.x)], [-3, bytes(jwk.y)]]));
  if (algorithm === "RS256") return encode(new Map<number, unknown>([[1, 3], [3, -257], [-1, bytes(jwk.n)], [-2, bytes(jwk.e)]]));
  return encode(new Map<number, unknown>([[1, 1], [3, -8], [-1, 6], [-2, bytes(jwk.x)]]));
}

export type Flags = { userPresent?: boolean; userVerified?: boolean; backupEligible?: boolean; backedUp?: boolean };

function flagsByte({ userPresent = true, userVerified = true, backupEligible = false, backedUp = false }: Flags, attested: boolean) {
  return (userPresent ? 0x01 : 0) | (userVerified ? 0x04 : 0) | (backupEligible ? 0x08 : 0) | (backedUp ? 0x10 : 0) | (attested ? 0x40 : 0);
}

/** What any answer may be told to get wrong: the client data's fields, and the raw id beside the id. */
type AnswerChange = { origin?: string; rpId?: string; type?: string; clientData?: Record<string, unknown>; rawId?: string; flags?: Flags };

function clientDataJSON(type: string, challenge: string, change: AnswerChange) {
  return new TextEncoder().encode(JSON.stringify({ type: change.type ?? type, challenge, origin: change.origin ?? ORIGIN, crossOrigin: false, ...change.clientData }));
}

export class SoftwareAuthenticator {
  counter = 0;
  readonly id = crypto.getRandomValues(new Uint8Array(16));
  private constructor(
    readonly algorithm: Algorithm,
    private readonly keys: CryptoKeyPair,
  ) {}

  static async create(algorithm: Algorithm = "ES256") {
    const keys = (await crypto.subtle.generateKey(KEY_PARAMS[algorithm].generate, false, ["sign", "verify"])) as CryptoKeyPair;
    return new SoftwareAuthenticator(algorithm, keys);
  }

  get credentialId() {
    return toBase64Url(this.id);
  }

  /** The answer navigator.credentials.create() gives, as @simplewebauthn/browser posts it. */
  async register(
    options: { challenge: string; rp: { id: string } },
    change: AnswerChange & { fmt?: string; attStmt?: Map<string, unknown>; cose?: Uint8Array; keyIdInAuthData?: Uint8Array } = {},
  ) {
    const clientData = clientDataJSON("webauthn.create", options.challenge, change);
    const idInAuthData = change.keyIdInAuthData ?? this.id;
    const authData = concat(
      await sha256(new TextEncoder().encode(change.rpId ?? options.rp.id)),
      [flagsByte(change.flags ?? {}, true)],
      u32(this.counter),
      new Uint8Array(16), // AAGUID: none, as with "none" attestation
      u16(idInAuthData.byteLength),
      idInAuthData,
      change.cose ?? (await coseKey(this.algorithm, this.keys.publicKey)),
    );
    const attestationObject = encode(new Map<string, unknown>([["fmt", change.fmt ?? "none"], ["attStmt", change.attStmt ?? new Map()], ["authData", authData]]));
    return {
      id: this.credentialId,
      rawId: change.rawId ?? this.credentialId,
      type: "public-key",
      response: { clientDataJSON: toBase64Url(clientData), attestationObject: toBase64Url(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
    };
  }

  /** The answer navigator.credentials.get() gives; each one moves the signature counter on unless told otherwise. */
  async signIn(
    options: { challenge: string; rpId: string },
    change: AnswerChange & { counter?: number; userHandle?: string; tamper?: boolean } = {},
  ) {
    this.counter = change.counter ?? this.counter + 1;
    const clientData = clientDataJSON("webauthn.get", options.challenge, change);
    const authenticatorData = concat(await sha256(new TextEncoder().encode(change.rpId ?? options.rpId)), [flagsByte(change.flags ?? {}, false)], u32(this.counter));
    let signature = new Uint8Array(await crypto.subtle.sign(KEY_PARAMS[this.algorithm].sign, this.keys.privateKey, concat(authenticatorData, await sha256(clientData))));
    if (this.algorithm === "ES256") signature = new Uint8Array(decodeIEEEP1363ECDSASignature(p256, signature).encodePKIX());
    if (change.tamper) signature[signature.length - 1] = signature.at(-1)! ^ 1;
    return {
      id: this.credentialId,
      rawId: change.rawId ?? this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: toBase64Url(clientData),
        authenticatorData: toBase64Url(authenticatorData),
        signature: toBase64Url(signature),
        ...(change.userHandle === undefined ? {} : { userHandle: change.userHandle }),
      },
      clientExtensionResults: {},
    };
  }
}
