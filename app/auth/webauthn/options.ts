import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { toBase64Url } from "~/core/base64";
import { SUPPORTED_ALGORITHMS } from "./public-key";

// The options each ceremony starts from, in the JSON form @simplewebauthn/browser hands to
// navigator.credentials. Each carries a fresh challenge, which the caller stores (decision 057).

/** How long the browser waits for the authenticator, in milliseconds. */
const CEREMONY_TIMEOUT_MS = 60_000;

function newChallenge(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Adding a passkey: discoverable (sign-in names no account), user verification preferred, and no
 * attestation asked for, since the store does not restrict which authenticators staff use.
 */
export function registrationOptions(options: {
  rpName: string;
  rpID: string;
  userName: string;
  /** Bytes the authenticator hands back at sign-in as the user handle. */
  userHandle: Uint8Array;
  exclude: { id: string; transports: string[] }[];
}): PublicKeyCredentialCreationOptionsJSON {
  return {
    challenge: newChallenge(),
    rp: { name: options.rpName, id: options.rpID },
    user: { id: toBase64Url(options.userHandle), name: options.userName, displayName: "" },
    pubKeyCredParams: SUPPORTED_ALGORITHMS.map((alg) => ({ alg, type: "public-key" })),
    timeout: CEREMONY_TIMEOUT_MS,
    attestation: "none",
    excludeCredentials: options.exclude.map((key) => ({
      id: key.id,
      type: "public-key",
      transports: key.transports.length > 0 ? (key.transports as AuthenticatorTransport[]) : undefined,
    })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
    extensions: { credProps: true },
  };
}

/** Signing in with any passkey of this site: no account is named. */
export function authenticationOptions(rpID: string): PublicKeyCredentialRequestOptionsJSON {
  return { challenge: newChallenge(), rpId: rpID, timeout: CEREMONY_TIMEOUT_MS, userVerification: "preferred" };
}
