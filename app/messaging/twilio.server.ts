import { fromBase64 } from "~/core/base64";
import { siteUrl } from "~/config/store";

// Twilio, reached with fetch (its npm package does not run on Workers): the
// Messages resource of its REST API to send a text, and the X-Twilio-Signature
// check of its webhooks (received texts, and the delivery reports of sent ones)
// to know a request came from Twilio.

const TWILIO_API_BASE = "https://api.twilio.com/2010-04-01";
const SEND_TIMEOUT_MS = 10_000;
import { SMS_STATUS_PATH } from "./twilio-paths";
// The webhook paths live apart so the origin guard can read them without loading the sender.
export { SMS_STATUS_PATH, SMS_WEBHOOK_PATH, TWILIO_WEBHOOK_PATHS } from "./twilio-paths";
/** Twilio's error for a number that replied STOP to this sender: retrying cannot help. */
const UNSUBSCRIBED_RECIPIENT = 21610;

export interface Text {
  /** E.164, e.g. +19015550123 */
  to: string;
  body: string;
}

export interface SmsSender {
  /** Resolves with the provider's message id once it accepted the text; throws otherwise. */
  send(text: Text): Promise<{ providerId: string | null }>;
}

/** The provider says the recipient has opted out with it (STOP): the text is dropped, not retried. */
export class RecipientOptedOut extends Error {
  override name = "RecipientOptedOut";
}

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164), or a Messaging Service SID (MG…). */
  from: string;
}

export function twilioMessagesUrl(accountSid: string): string {
  return `${TWILIO_API_BASE}/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
}

export function twilioSender(credentials: TwilioCredentials, { timeoutMs = SEND_TIMEOUT_MS } = {}): SmsSender {
  const sender: [string, string] = [credentials.from.startsWith("MG") ? "MessagingServiceSid" : "From", credentials.from];
  return {
    async send(text) {
      const response = await fetch(twilioMessagesUrl(credentials.accountSid), {
        method: "POST",
        headers: {
          Authorization: `Basic ${btoa(`${credentials.accountSid}:${credentials.authToken}`)}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams([
          ["To", text.to],
          sender,
          ["Body", text.body],
          // Always the store's own address (a store fact), never a request's Host.
          ["StatusCallback", siteUrl(SMS_STATUS_PATH)],
        ]).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown; message?: unknown } | null;
      if (!response.ok) {
        if (answer?.code === UNSUBSCRIBED_RECIPIENT) throw new RecipientOptedOut(`Twilio ${UNSUBSCRIBED_RECIPIENT}: the recipient has opted out`);
        const detail = [answer?.code, answer?.message].filter((part) => part !== undefined).join(" ");
        throw new Error(`Twilio answered ${response.status}${detail ? `: ${String(detail).slice(0, 200)}` : ""}`);
      }
      return { providerId: typeof answer?.sid === "string" ? answer.sid : null };
    },
  };
}

/** The configured sender, or null until the Account SID, auth token and sending number are all set. */
export function configuredSmsSender(
  env: Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM_NUMBER">,
): SmsSender | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: from } = env;
  return accountSid && authToken && from ? twilioSender({ accountSid, authToken, from }) : null;
}

// ---------------------------------------------------------------- webhooks

/** A Message SID as Twilio writes it (SM… for a text, MM… with media). */
export const TWILIO_MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/i;

/** A webhook's answer to Twilio: it reads only the status, and TwiML where it asks for it. */
export function webhookAnswer(status: number, body: string, contentType = "text/plain; charset=utf-8") {
  return new Response(body, { status, headers: { "Content-Type": contentType } });
}

const encoder = new TextEncoder();

function verifyingKey(authToken: string) {
  return crypto.subtle.importKey("raw", encoder.encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["verify"]);
}

/**
 * What Twilio signs: the full URL it called, then every POST parameter sorted
 * by name (byte order, case-sensitive), each name followed by its value.
 */
function signedData(url: string, params: Iterable<[string, string]>): Uint8Array<ArrayBuffer> {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return encoder.encode(url + sorted.map(([name, value]) => name + value).join(""));
}

/**
 * A webhook's form fields, when Twilio signed them over this URL; null for
 * anything else (no auth token to check with, a file part, a bad signature).
 */
export async function signedTwilioForm(request: Request, authToken: string | undefined): Promise<Map<string, string> | null> {
  if (!authToken) {
    console.error("TWILIO_AUTH_TOKEN is not set: Twilio's webhooks cannot be verified, so none is accepted.");
    return null;
  }
  // The request guards already made sure the body is a form of sane size that parses.
  const params: [string, string][] = [];
  for (const [name, value] of await request.formData()) {
    if (typeof value !== "string") return null;
    params.push([name, value]);
  }
  const genuine = await isGenuineTwilioRequest(authToken, request.url, params, request.headers.get("X-Twilio-Signature"));
  return genuine ? new Map(params) : null;
}

/** Checks the header in constant time (Web Crypto's verify); anything malformed is simply not genuine. */
async function isGenuineTwilioRequest(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  signature: string | null,
): Promise<boolean> {
  const signatureBytes = signature && /^[A-Za-z0-9+/]{27}=$/.test(signature) ? fromBase64(signature) : null;
  if (!signatureBytes) return false;
  return crypto.subtle.verify("HMAC", await verifyingKey(authToken), signatureBytes, signedData(url, params));
}
