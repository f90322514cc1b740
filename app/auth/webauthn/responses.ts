import { z } from "zod";
import { fromBase64Url } from "~/core/base64";

// The authenticator's answers as @simplewebauthn/browser posts them (the WebAuthn JSON forms of
// PublicKeyCredential), read at the boundary: every binary field decoded, anything else refused.

/** A base64url field of at most `maxChars`, decoded. */
function bytes(maxChars: number) {
  return z
    .string()
    .max(maxChars)
    .transform((text, context) => {
      const decoded = fromBase64Url(text);
      if (!decoded || decoded.byteLength === 0) {
        context.addIssue({ code: "custom", message: "not base64url" });
        return z.NEVER;
      }
      return decoded;
    });
}

/** Client data, authenticator data and an attestation object (with its certificates) stay well under 16 KB. */
const structure = bytes(22_000);
/** The longest signature: RSA with an 8,192-bit key, 1,024 bytes. A parser never sees more. */
const signature = bytes(1_366);

const credentialId = z.string().regex(/^[A-Za-z0-9_-]{1,1364}$/);

const credential = { id: credentialId, rawId: credentialId, type: z.literal("public-key") };

export const registrationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: structure,
    attestationObject: structure,
    transports: z.array(z.string().regex(/^[a-z-]{1,32}$/)).max(8).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: structure,
    authenticatorData: structure,
    signature,
    userHandle: z.string().nullish(),
  }),
});
