import { toBase64 } from "~/core/base64";
import { store } from "~/config/store";
import { calendarContentType, calendarMethodOf } from "~/core/ics";
import type { Email } from "./email";

// Outside service behind a small interface: the MailChannels Email API when a
// key is configured; nothing is sent without one (local dev, tests).

export const MAILCHANNELS_SEND_URL = "https://api.mailchannels.net/tx/v1/send";
const SEND_TIMEOUT_MS = 10_000;

export interface Notifier {
  /** Resolves once the provider accepted the message; throws otherwise. */
  send(email: Email): Promise<void>;
}

/** MailChannels signs with this key as `domain` (d=), published under `selector` (s=). */
export interface DkimSigning {
  domain: string;
  selector: string;
  /** The base64 DER private key, as MailChannels' DKIM guide makes it. */
  privateKey: string;
}

export function mailChannelsNotifier(
  apiKey: string,
  { timeoutMs = SEND_TIMEOUT_MS, dkim }: { timeoutMs?: number; dkim?: DkimSigning } = {},
): Notifier {
  const signing = dkim ? { dkim_domain: dkim.domain, dkim_selector: dkim.selector, dkim_private_key: dkim.privateKey } : {};
  return {
    async send(email) {
      const response = await fetch(MAILCHANNELS_SEND_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Api-Key": apiKey },
        body: JSON.stringify({
          personalizations: [{ to: [{ email: email.to }], ...signing }],
          from: { email: store.notifications.from, name: store.name },
          ...(email.replyTo ? { reply_to: { email: email.replyTo } } : {}),
          subject: email.subject,
          content: [
            { type: "text/plain", value: email.text },
            { type: "text/html", value: email.html },
          ],
          ...(email.calendarFile ? { attachments: [calendarAttachment(email.calendarFile)] } : {}),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new Error(`MailChannels answered ${response.status}${detail ? `: ${detail}` : ""}`);
      }
    },
  };
}

/** A calendar file as MailChannels attaches it: base64 content, a file name and the MIME type with its method. */
function calendarAttachment(file: string) {
  return {
    type: calendarContentType(calendarMethodOf(file)),
    filename: "appointment.ics",
    content: toBase64(new TextEncoder().encode(file)),
  };
}

/** The sender's domain: DKIM's d= must match the From domain for DMARC. */
const senderDomain = store.notifications.from.slice(store.notifications.from.lastIndexOf("@") + 1);

/**
 * The configured notifier, or null when MAILCHANNELS_API_KEY is not set. Mail is
 * DKIM-signed only when the DKIM_PRIVATE_KEY secret is set too.
 */
export function configuredNotifier(env: { MAILCHANNELS_API_KEY?: string; DKIM_PRIVATE_KEY?: string }): Notifier | null {
  if (!env.MAILCHANNELS_API_KEY) return null;
  const dkim = env.DKIM_PRIVATE_KEY
    ? { domain: senderDomain, selector: store.notifications.dkimSelector, privateKey: env.DKIM_PRIVATE_KEY }
    : undefined;
  return mailChannelsNotifier(env.MAILCHANNELS_API_KEY, { dkim });
}
