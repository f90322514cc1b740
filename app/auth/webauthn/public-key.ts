import { decodeCBORToNativeValue } from "@oslojs/cbor";
import { decodePKIXECDSASignature, p256 } from "@oslojs/crypto/ecdsa";
import {
  COSEKeyType,
  coseAlgorithmEdDSA,
  coseAlgorithmES256,
  coseAlgorithmRS256,
  coseEllipticCurveEd25519,
  coseEllipticCurveP256,
  COSEPublicKey,
} from "@oslojs/webauthn";
import { toBase64Url } from "~/core/base64";

// A passkey's public key as the authenticator gives it (a COSE key, RFC 9052), turned into a
// WebCrypto key that checks its signatures. The COSE bytes are what is stored per passkey, as
// SimpleWebAuthn stored them before (decision 129), so keys added then still verify.

/** The signature algorithms offered to authenticators, in order of preference. */
export const SUPPORTED_ALGORITHMS = [coseAlgorithmEdDSA, coseAlgorithmES256, coseAlgorithmRS256] as const;

/** A DER ECDSA signature on P-256 is at most 72 bytes: a longer one is refused before it is parsed. */
const MAX_ES256_SIGNATURE_BYTES = 72;

/** The nesting allowed in a COSE key, as @oslojs/webauthn allows it when it reads one from authenticator data. */
const COSE_DEPTH = 4;

export type SignatureCheck = (signature: Uint8Array<ArrayBuffer>, message: Uint8Array<ArrayBuffer>) => Promise<boolean>;

/** How many bytes the COSE key at the front of `bytes` takes: authenticator data may carry extensions after it. */
export function coseKeyLength(bytes: Uint8Array): number {
  return decodeCBORToNativeValue(bytes, COSE_DEPTH)[1];
}

/**
 * The signature check for one stored COSE key. Throws when the key is malformed, is not on its
 * curve, or uses an algorithm not in SUPPORTED_ALGORITHMS: such a passkey is never stored.
 */
export async function publicKeyVerifier(cose: Uint8Array): Promise<SignatureCheck> {
  const [decoded, length] = decodeCBORToNativeValue(cose, COSE_DEPTH);
  if (length !== cose.byteLength || typeof decoded !== "object" || decoded === null) throw new Error("not one COSE key");
  const key = new COSEPublicKey(decoded);
  const algorithm = key.algorithm();
  if (algorithm === coseAlgorithmES256) {
    // ec2() checks that x and y are 32-byte strings. The point is built from those bytes, not
    // from its numbers: @oslojs/crypto's encodeSEC1Uncompressed misplaces a y with a leading zero byte.
    if (key.ec2().curve !== coseEllipticCurveP256) throw new Error("ES256 needs P-256");
    const { "-2": x, "-3": y } = decoded as { "-2": Uint8Array; "-3": Uint8Array };
    const point = new Uint8Array(65);
    point[0] = 0x04; // uncompressed
    point.set(x, 1);
    point.set(y, 33);
    // WebCrypto refuses a point that is not on the curve.
    const cryptoKey = await crypto.subtle.importKey("raw", point, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    return async (signature, message) => {
      const raw = es256Signature(signature);
      return raw !== null && crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, cryptoKey, raw, message);
    };
  }
  if (algorithm === coseAlgorithmRS256) {
    // As a JWK from the key's own bytes: WebCrypto takes any size it considers safe, where
    // @oslojs/webauthn's rsa() takes only a 2048-bit modulus and a 3-byte exponent.
    if (key.type() !== COSEKeyType.RSA) throw new Error("RS256 needs an RSA key");
    const { "-1": n, "-2": e } = decoded as Record<string, unknown>;
    if (!(n instanceof Uint8Array) || !(e instanceof Uint8Array)) throw new Error("RSA key without n and e");
    const jwk = { kty: "RSA", n: toBase64Url(n), e: toBase64Url(e) };
    const cryptoKey = await crypto.subtle.importKey("jwk", jwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
    return (signature, message) => crypto.subtle.verify("RSASSA-PKCS1-v1_5", cryptoKey, signature, message);
  }
  if (algorithm === coseAlgorithmEdDSA) {
    const { curve, x } = key.okp();
    if (curve !== coseEllipticCurveEd25519) throw new Error("EdDSA needs Ed25519");
    const cryptoKey = await crypto.subtle.importKey("raw", new Uint8Array(x), { name: "Ed25519" }, false, ["verify"]);
    return (signature, message) => crypto.subtle.verify("Ed25519", cryptoKey, signature, message);
  }
  throw new Error(`COSE algorithm ${algorithm} is not supported`);
}

/**
 * An ES256 signature as WebCrypto takes it (r and s side by side), from the DER authenticators
 * sign in; null unless r and s are each between 1 and the curve's order. @oslojs/crypto's
 * encodeIEEEP1363 checks r's length twice and s's never, so a longer s would overwrite r: another
 * encoding of the same signature that still verifies.
 */
function es256Signature(der: Uint8Array): Uint8Array<ArrayBuffer> | null {
  if (der.byteLength > MAX_ES256_SIGNATURE_BYTES) return null;
  let signature: ReturnType<typeof decodePKIXECDSASignature>;
  try {
    signature = decodePKIXECDSASignature(der);
  } catch {
    return null;
  }
  const inRange = (value: bigint) => value >= 1n && value < p256.n;
  if (!inRange(signature.r) || !inRange(signature.s)) return null;
  return new Uint8Array(signature.encodeIEEEP1363(p256));
}
