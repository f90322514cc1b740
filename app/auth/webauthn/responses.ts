import { z } from "zod";
import { fromBase64Url } from "~/core/base64";

// The authenticator's answers as @simplewebauthn/browser posts them (the WebAuthn JSON forms of
// PublicKeyCredential), read at the boundary: every binary field decoded, anything else refused.

/** A base64url field, decoded; a credential id is at most 1,023 bytes, and nothing here is near 16 KB. */
const bytes = z
  .string()
  .max(22_000)
  .transform((text, context) => {
    const decoded = fromBase64Url(text);
    if (!decoded || decoded.byteLength === 0) {
      context.addIssue({ code: "custom", message: "not base64url" });
      return z.NEVER;
    }
    return decoded;
  });

const credentialId = z.string().regex(/^[A-Za-z0-9_-]{1,1364}$/);

const credential = { id: credentialId, rawId: credentialId, type: z.literal("public-key") };

export const registrationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: bytes,
    attestationObject: bytes,
    transports: z.array(z.string().regex(/^[a-z-]{1,32}$/)).max(8).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: bytes,
    authenticatorData: bytes,
    signature: bytes,
    userHandle: z.string().nullish(),
  }),
});

export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;
