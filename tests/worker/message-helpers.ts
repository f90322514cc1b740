import { env, SELF } from "cloudflare:test";
import { vi } from "vitest";
import { addDays } from "../../app/core/slots";
import { storeDate, storeTimeToInstant } from "../../app/core/store-time";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { MAILCHANNELS_SEND_URL, mailChannelsNotifier } from "../../app/messaging/mailchannels.server";
import { SMS_WEBHOOK_PATH, twilioMessagesUrl, twilioSender } from "../../app/messaging/twilio.server";
import { ORIGIN } from "./helpers";
import { postLead, rows, uniqueIp } from "./lead-helpers";

// The two outside services, faked only where they are reached: fetch to the
// Twilio Messages API and to the MailChannels Email API. D1, the outbox, the
// Worker and its webhook are real.

export const TWILIO = {
  accountSid: `AC${"0123456789abcdef".repeat(2)}`,
  /** Must match TWILIO_AUTH_TOKEN in vitest.config.ts (the webhook checks signatures with it). */
  authToken: "test-twilio-auth-token",
  from: "+19015550142",
};

/** Senders as production builds them, for deliverOutboxMessage / deliverDueOutbox. */
export const senders = () => ({ notifier: mailChannelsNotifier("test-api-key"), sms: twilioSender(TWILIO) });

/** The Worker's env with every provider credential, as a deployed store has it. */
export const configuredEnv = () => ({ ...env, MAILCHANNELS_API_KEY: "test-api-key", TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_FROM_NUMBER: TWILIO.from });

/** The Node-side checkers vitest.config.ts binds (tests/support/node-checkers.ts). */
const checkers = env as unknown as { TWILIO_SIGNER: Fetcher; NU_VALIDATOR: Fetcher };

/** The X-Twilio-Signature Twilio would send: computed by twilio's own library (getExpectedTwilioSignature). */
export async function twilioSignatureFor(url: string, params: Record<string, string>, authToken = TWILIO.authToken): Promise<string> {
  const response = await checkers.TWILIO_SIGNER.fetch("http://twilio-signer/", {
    method: "POST",
    body: JSON.stringify({ authToken, url, params }),
  });
  return ((await response.json()) as { signature: string }).signature;
}

export interface NuMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
}

/** The Nu validator's (vnu-jar) messages about each HTML document, in order. */
/** Each link of an e-mail's HTML as its words (tags and Outlook's comments left out) and its address. */
export function emailLinks(html: string): { label: string; href: string }[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
    label: match[2]!.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").trim(),
    href: match[1]!.replace(/&amp;/g, "&"),
  }));
}

export async function nuMessages(documents: string[]): Promise<NuMessage[][]> {
  const response = await checkers.NU_VALIDATOR.fetch("http://nu-validator/", { method: "POST", body: JSON.stringify({ documents }) });
  return ((await response.json()) as { results: NuMessage[][] }).results;
}

let sidCounter = 0;
const messageSid = () => `SM${(++sidCounter).toString(16).padStart(8, "0")}${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;

export interface SentText {
  url: string;
  authorization: string | null;
  contentType: string | null;
  params: Record<string, string>;
}
export interface SentEmail {
  to: string;
  from: { email: string; name: string };
  /** MailChannels' reply_to address, if the e-mail had one. */
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string;
  /** Attachments as MailChannels got them (content is base64). */
  attachments: { filename: string; type: string; content: string }[];
}

/** Stubs fetch at the providers: Twilio answers 201 with a Message SID, MailChannels 202. Anything else is refused. */
export function stubProviders() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === twilioMessagesUrl(TWILIO.accountSid)) return Response.json({ sid: messageSid(), status: "queued" }, { status: 201 });
    if (url === MAILCHANNELS_SEND_URL) return new Response(null, { status: 202 });
    throw new Error(`unexpected fetch to ${url}`);
  });
}

type FetchSpy = ReturnType<typeof stubProviders>;

export function sentTexts(spy: FetchSpy): SentText[] {
  return spy.mock.calls
    .filter(([input]) => String(input).startsWith("https://api.twilio.com/"))
    .map(([input, init]) => ({
      url: String(input),
      authorization: new Headers(init?.headers).get("Authorization"),
      contentType: new Headers(init?.headers).get("Content-Type"),
      params: Object.fromEntries(new URLSearchParams(String(init?.body))),
    }));
}

export function sentEmails(spy: FetchSpy): SentEmail[] {
  return spy.mock.calls
    .filter(([input]) => String(input) === MAILCHANNELS_SEND_URL)
    .map(([, init]) => {
      const body = JSON.parse(String(init?.body));
      const [text, html] = body.content.map((part: { value: string }) => part.value);
      return {
        to: body.personalizations[0].to[0].email,
        from: body.from,
        replyTo: body.reply_to?.email,
        subject: body.subject,
        text,
        html,
        attachments: body.attachments ?? [],
      };
    });
}

/** A booking through the real form, from its own visitor. */
export function book(fields: Record<string, string>, ip = uniqueIp()) {
  return postLead("/book", "appointment", fields, ip);
}

export interface OutboxRow {
  id: number;
  kind: string;
  channel: string;
  recipient: string;
  subject: string;
  text_body: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  starts_at: number | null;
  last_error: string | null;
  provider_id: string | null;
}

/** The outbox rows about one appointment (found by the visitor's name), in queue order. */
export async function appointmentOutbox(name: string): Promise<OutboxRow[]> {
  return rows<OutboxRow>(
    `SELECT o.* FROM outbox o JOIN appointments a ON a.id = o.record_id AND o.lead_kind = 'appointment' WHERE a.name = ? ORDER BY o.id`,
    name,
  );
}

export async function appointmentNamed(name: string) {
  const [row] = await rows<{ id: number; reference: string; date: string; time: string; starts_at: number; status: string; slot_seat: number }>(
    "SELECT id, submission_token AS reference, date, time, starts_at, status, slot_seat FROM appointments WHERE name = ?",
    name,
  );
  if (!row) throw new Error(`no appointment for ${name}`);
  return row;
}

/** A text as Twilio's webhook posts it, signed with the auth token over this URL and these parameters. */
export async function inboundText(
  fields: { From: string; Body: string; MessageSid?: string },
  { signature, path = SMS_WEBHOOK_PATH, extra = {} }: { signature?: string; path?: string; extra?: Record<string, string> } = {},
) {
  const params: Record<string, string> = {
    ToCountry: "US",
    SmsMessageSid: fields.MessageSid ?? "",
    NumMedia: "0",
    To: TWILIO.from,
    MessageSid: fields.MessageSid ?? messageSid(),
    AccountSid: TWILIO.accountSid,
    From: fields.From,
    Body: fields.Body,
    ApiVersion: "2010-04-01",
    ...extra,
  };
  params.SmsMessageSid = params.MessageSid!;
  const url = `${ORIGIN}${path}`;
  const body = new URLSearchParams(params);
  return {
    messageSid: params.MessageSid!,
    response: await SELF.fetch(url, {
      method: "POST",
      redirect: "manual",
      // Twilio's servers: a form post with no Origin, no cookies, no Sec-Fetch headers.
      headers: {
        "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8",
        "X-Twilio-Signature": signature ?? (await twilioSignatureFor(url, params)),
        "User-Agent": "TwilioProxy/1.1",
      },
      body,
    }),
  };
}

/** The next noon in the store's time zone: outside the quiet hours, and after every row queued so far. */
export function nextStoreNoon(): number {
  const noon = storeTimeToInstant(storeDate(), 12);
  return noon > Date.now() ? noon : storeTimeToInstant(addDays(storeDate(), 1), 12);
}

/** A promotion to `phone` (E.164), queued as staff tooling would, then delivered through the real outbox at noon. */
export async function promote(phone: string, body = "10% off resizing this week") {
  const { id } = (await env.DB.prepare(
    `INSERT INTO outbox (kind, record_id, recipient, subject, html, text_body, status, attempts, next_attempt_at, created_at, channel)
     VALUES ('promotion', 0, ?, '', '', ?, 'pending', 0, 0, 0, 'sms') RETURNING id`,
  )
    .bind(phone, body)
    .first<{ id: number }>())!;
  const fetchSpy = stubProviders();
  const outcome = await deliverOutboxMessage(env, id, { ...senders(), now: nextStoreNoon() });
  const texts = sentTexts(fetchSpy);
  fetchSpy.mockRestore();
  const [row] = await rows<{ status: string; last_error: string | null }>("SELECT status, last_error FROM outbox WHERE id = ?", id);
  return { outcome, row, texts };
}
