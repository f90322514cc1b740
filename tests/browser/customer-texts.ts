import { expect } from "@playwright/test";
import { createRequire } from "node:module";
import { TEST_TWILIO_AUTH_TOKEN } from "../../scripts/test-twilio.mjs";

// A customer's text as the browser tests send it: to the test server's webhook, as Twilio posts it.

const { getExpectedTwilioSignature } = createRequire(import.meta.url)("twilio/lib/webhooks/webhooks.js") as typeof import("twilio/lib/webhooks/webhooks");

let sids = 0;
/** A text from `from` to the store, posted to the webhook as Twilio posts it: signed with the auth token by twilio's own code. */
export async function customerTexts(baseURL: string, from: string, body: string) {
  const url = `${baseURL}/sms/inbound`;
  const params: Record<string, string> = {
    MessageSid: `SM${process.pid.toString(16).padStart(8, "0")}${Date.now().toString(16).padStart(16, "0")}${(++sids).toString(16).padStart(8, "0")}`,
    AccountSid: `AC${"0".repeat(32)}`,
    From: from,
    To: "+19015550142",
    Body: body,
    NumMedia: "0",
    ApiVersion: "2010-04-01",
  };
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": getExpectedTwilioSignature(TEST_TWILIO_AUTH_TOKEN, url, params) },
    body: new URLSearchParams(params),
  });
  expect(response.status, await response.text()).toBe(200);
}
