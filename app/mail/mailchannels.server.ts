import { store } from "~/config/store";
import type { Email } from "./email";

// Outside service behind a small interface: the MailChannels Email API when a
// key is configured; nothing is sent without one (local dev, tests).

export const MAILCHANNELS_SEND_URL = "https://api.mailchannels.net/tx/v1/send";
const SEND_TIMEOUT_MS = 10_000;

export interface Notifier {
  /** Resolves once the provider accepted the message; throws otherwise. */
  send(email: Email): Promise<void>;
}

export function mailChannelsNotifier(apiKey: string, { timeoutMs = SEND_TIMEOUT_MS } = {}): Notifier {
  return {
    async send(email) {
      const response = await fetch(MAILCHANNELS_SEND_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Api-Key": apiKey },
        body: JSON.stringify({
          personalizations: [{ to: [{ email: email.to }] }],
          from: { email: store.notifications.from, name: store.name },
          subject: email.subject,
          content: [
            { type: "text/plain", value: email.text },
            { type: "text/html", value: email.html },
          ],
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

/** The configured notifier, or null when MAILCHANNELS_API_KEY is not set. */
export function configuredNotifier(env: Pick<Env, "MAILCHANNELS_API_KEY">): Notifier | null {
  return env.MAILCHANNELS_API_KEY ? mailChannelsNotifier(env.MAILCHANNELS_API_KEY) : null;
}
