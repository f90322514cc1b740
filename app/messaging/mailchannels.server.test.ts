import { afterEach, describe, expect, it, vi } from "vitest";
import { store } from "~/config/store";
import { configuredNotifier } from "~/messaging/mailchannels.server";

// DKIM fields in the MailChannels request: sent only when the private key is a
// secret of the Worker, and always as the sender's own domain (DMARC alignment).

const email = { to: "staff@example.com", subject: "New contact message", html: "<p>hi</p>", text: "hi" };

async function personalizationSent(env: { MAILCHANNELS_API_KEY?: string; DKIM_PRIVATE_KEY?: string }) {
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
  await configuredNotifier(env)!.send(email);
  return JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body)).personalizations[0];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MailChannels DKIM signing", () => {
  it("is off without DKIM_PRIVATE_KEY", async () => {
    expect(await personalizationSent({ MAILCHANNELS_API_KEY: "key" })).toEqual({ to: [{ email: email.to }] });
  });

  it("signs as the sender's domain with the configured selector when DKIM_PRIVATE_KEY is set", async () => {
    const domain = store.notifications.from.split("@")[1];
    expect(await personalizationSent({ MAILCHANNELS_API_KEY: "key", DKIM_PRIVATE_KEY: "MIIEpAIBAAKCAQEA" })).toEqual({
      to: [{ email: email.to }],
      dkim_domain: domain,
      dkim_selector: store.notifications.dkimSelector,
      dkim_private_key: "MIIEpAIBAAKCAQEA",
    });
  });

  it("sends nothing without MAILCHANNELS_API_KEY, key or not", () => {
    expect(configuredNotifier({ DKIM_PRIVATE_KEY: "MIIEpAIBAAKCAQEA" })).toBeNull();
  });
});
