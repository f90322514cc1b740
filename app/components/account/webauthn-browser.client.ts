import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";

// A `.client` module: React Router's server build replaces its exports with undefined, so the browser's
// side of the passkey ceremonies is not in the Worker, which compiles every module it ships in every
// new isolate (decision 118).

/** The passkey ceremonies as the browser runs them; undefined in the server build. */
export const webAuthnBrowser: { browserSupportsWebAuthn: typeof browserSupportsWebAuthn; startAuthentication: typeof startAuthentication; startRegistration: typeof startRegistration } | undefined = {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
};
