import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SMS_CONSENT_TEXT, SMS_CONSENT_VERSION } from "../../app/leads/consent";
import { count, get, postForm } from "./helpers";
import { flashToast, issueToken, postLead, rows, textOf, tokenFromPage, uniqueIp } from "./lead-helpers";

const valid = {
  name: "Grace Hopper",
  phone: "(901) 555-0199",
  email: "grace@example.com",
  message: "Do you repair antique watches?",
  smsConsent: "on",
};

describe("contact form: validation (400, message next to the field, nothing stored)", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["missing name", { name: "" }, "Please enter your name."],
    ["blank name", { name: "   " }, "Please enter your name."],
    ["name over 100 characters", { name: "a".repeat(101) }, "Name must be 100 characters or fewer."],
    ["name with a control character", { name: "Grace\u0007Hopper" }, "Name contains characters we can't accept."],
    ["name with a line break", { name: "Grace\r\nBcc: x@example.com" }, "Name contains characters we can't accept."],
    ["missing phone", { phone: "" }, "Please enter your phone number."],
    ["phone too short", { phone: "555-01" }, "Enter a 10-digit phone number with its area code"],
    ["phone too long", { phone: "1".repeat(31) }, "Enter a 10-digit phone number with its area code"],
    ["phone with letters", { phone: "901-CALL-NOW" }, "Enter a 10-digit phone number with its area code"],
    ["missing e-mail", { email: "" }, "Please enter your e-mail address."],
    ["malformed e-mail", { email: "grace@" }, "Enter a valid e-mail address, like name@example.com."],
    ["e-mail over 254 characters", { email: `${"a".repeat(64)}@${"b".repeat(186)}.com` }, "E-mail must be 254 characters or fewer."],
    ["missing message", { message: "" }, "Please enter a message."],
    ["message over 2,000 characters", { message: "m".repeat(2001) }, "Message must be 2,000 characters or fewer."],
    ["message with a control character", { message: "hello\u0000" }, "Message contains characters we can't accept."],
    ["consent not given", { smsConsent: "" }, "Please agree to texts about this message so we can reply."],
  ];

  for (const [label, change, message] of cases) {
    it(`refuses ${label}`, async () => {
      const before = await count("contact_messages");
      const response = await postLead("/contactus", "contact", { ...valid, ...change });
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain(message);
      expect(await count("contact_messages")).toBe(before);
    });
  }

  it("accepts exactly the limits, trimmed", async () => {
    const response = await postLead("/contactus", "contact", {
      ...valid,
      name: ` ${"n".repeat(100)} `,
      phone: " +1 (901) 555-0199 ",
      message: `${"m".repeat(1999)}\n`,
    });
    expect(response.status).toBe(302);
    const [stored] = await rows<{ name: string; phone: string; message: string }>(
      "SELECT name, phone, message FROM contact_messages ORDER BY id DESC LIMIT 1",
    );
    expect(stored!.name).toBe("n".repeat(100));
    // Stored in E.164, the one spelling every table uses (decision 105).
    expect(stored!.phone).toBe("+19015550199");
    expect(stored!.message).toBe("m".repeat(1999));
  });
});

describe("contact form: success", () => {
  it("stores the message with its consent record (exact text, version, time, IP) and queues the staff e-mail", async () => {
    const ip = uniqueIp();
    const before = Date.now();
    const response = await postLead("/contactus", "contact", { ...valid, name: "Consent Check" }, ip);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contactus");
    expect(await flashToast(response)).toMatchObject({ type: "success", message: "Thank you for your message. We'll call you within one business day." });

    const [message] = await rows<{ id: number }>("SELECT id FROM contact_messages WHERE name = 'Consent Check'");
    const consent = await rows<{ consent_text: string; consent_version: string; ip: string; created_at: number }>(
      "SELECT consent_text, consent_version, ip, created_at FROM consent_records WHERE contact_message_id = ?",
      message!.id,
    );
    expect(consent).toHaveLength(1);
    expect(consent[0]!.consent_text).toBe(SMS_CONSENT_TEXT);
    expect(consent[0]!.consent_version).toBe(SMS_CONSENT_VERSION);
    expect(consent[0]!.ip).toBe(ip);
    expect(consent[0]!.created_at).toBeGreaterThanOrEqual(before);

    const outbox = await rows<{ kind: string; status: string; subject: string }>(
      "SELECT kind, status, subject FROM outbox WHERE kind = 'contact' AND record_id = ?",
      message!.id,
    );
    // No MAILCHANNELS_API_KEY in tests: the e-mail waits in the outbox (and is logged).
    expect(outbox).toEqual([{ kind: "contact", status: "pending", subject: "New contact message" }]);
  });

  it("renders the consent box unchecked, with the store, the message kinds, the limits and both links", async () => {
    const response = await get("/contactus");
    const html = await response.text();
    const checkbox = /<input[^>]*name="smsConsent"[^>]*>/.exec(html)?.[0] ?? "";
    expect(checkbox).toContain('type="checkbox"');
    expect(checkbox).not.toContain("checked");
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("Bartlett Fine Jewelry");
    expect(text).toContain("appointment reminders");
    expect(text).toContain("Up to 10 messages a week");
    expect(text).toContain("Message and data rates may apply");
    expect(text).toContain("Reply STOP to opt out and HELP for help");
    expect(html).toMatch(/href="\/sms-terms"/);
    expect(html).toMatch(/href="\/privacy"/);
  });
});

describe("contact form: submission token", () => {
  it("renders a token into the form", async () => {
    expect(await tokenFromPage("/contactus")).toMatch(/^[0-9a-f-]{36}\.\d{13}\.[A-Za-z0-9_-]{43}$/);
  });

  it("stores one message when the same form is sent twice, and answers both with the same success", async () => {
    const submissionToken = await issueToken("contact");
    const ip = uniqueIp();
    const fields = { ...valid, name: "Double Click", submissionToken };
    const [first, second] = await Promise.all([
      postLead("/contactus", "contact", fields, ip),
      postLead("/contactus", "contact", fields, ip),
    ]);
    const third = await postLead("/contactus", "contact", fields, ip); // back, then resubmit
    for (const response of [first, second, third]) {
      expect(response.status).toBe(302);
      expect(await flashToast(response)).toMatchObject({ type: "success", message: "Thank you for your message. We'll call you within one business day." });
    }
    expect(await rows("SELECT id FROM contact_messages WHERE name = 'Double Click'")).toHaveLength(1);
    const consent = await rows(
      "SELECT c.id FROM consent_records c JOIN contact_messages m ON m.id = c.contact_message_id WHERE m.name = 'Double Click'",
    );
    expect(consent).toHaveLength(1);
    const outbox = await rows(
      "SELECT o.id FROM outbox o JOIN contact_messages m ON m.id = o.record_id AND o.kind = 'contact' WHERE m.name = 'Double Click'",
    );
    expect(outbox).toHaveLength(1);
  });

  const refusals: [string, () => Promise<string | undefined>, string][] = [
    ["a missing token", async () => undefined, "We couldn't verify this form. Please submit it again."],
    [
      "a forged token",
      async () => (await issueToken("contact")).replace(/.{4}$/, "AAAA"),
      "We couldn't verify this form. Please submit it again.",
    ],
    ["another form's token", () => issueToken("order"), "We couldn't verify this form. Please submit it again."],
    [
      "an expired token",
      () => issueToken("contact", Date.now() - 25 * 60 * 60 * 1000),
      "This form has expired. Please submit it again.",
    ],
  ];

  for (const [label, makeToken, message] of refusals) {
    it(`refuses ${label} with a 400, keeps what was typed, and stores nothing`, async () => {
      const before = await count("contact_messages");
      const token = await makeToken();
      const fields: Record<string, string> = { ...valid, name: "Kept Name" };
      const response = await postForm("/contactus", token ? { ...fields, submissionToken: token } : fields, {
        "CF-Connecting-IP": uniqueIp(),
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html.replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'")).toContain(message);
      expect(html).toMatch(/name="name"[^>]*value="Kept Name"|value="Kept Name"[^>]*name="name"/);
      // A fresh token comes with the answer, so the next try works.
      expect(html).toMatch(/name="submissionToken" value="[0-9a-f-]{36}\./);
      expect(await count("contact_messages")).toBe(before);
    });
  }
});

describe("contact form: spam", () => {
  it("refuses a filled honeypot with 400 and stores nothing", async () => {
    const before = await count("contact_messages");
    const response = await postLead("/contactus", "contact", { ...valid, website: "http://spam.example" });
    expect(response.status).toBe(400);
    expect(await count("contact_messages")).toBe(before);
  });

  it("lets a visitor send 5 messages, then answers 429 with a clear message and Retry-After", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const response = await postLead("/contactus", "contact", { ...valid, name: `Limit ${i}` }, ip);
      expect(response.status).toBe(302);
    }
    const before = await count("contact_messages");
    const limited = await postLead("/contactus", "contact", { ...valid, name: "Limit 6" }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const text = await textOf(limited);
    expect(text).toContain("Too many submissions from your connection. Please wait");
    expect(text).toContain("(901) 555-0142");
    expect(await count("contact_messages")).toBe(before);

    // Another visitor, and the same visitor on another form, are not affected.
    expect((await postLead("/contactus", "contact", { ...valid, name: "Other Visitor" })).status).toBe(302);
    const order = await postLead(
      "/orderOnline",
      "order",
      {
        name: "Same Visitor",
        phone: "901-555-0100",
        email: "v@example.com",
        jewelryType: "Custom Ring",
        materialPreferences: "Silver",
        diamondSelection: "Moissanite",
      },
      ip,
    );
    expect(order.status).toBe(302);
  });
});

describe("contact form: the store cannot save", () => {
  it("answers 503 with the failure toast and keeps what was typed", async () => {
    // Make the insert fail for this one name, as a full or broken database would.
    await env.DB.exec(
      "CREATE TRIGGER IF NOT EXISTS test_contact_fail BEFORE INSERT ON contact_messages WHEN NEW.name = 'Broken Database' BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    try {
      const before = { messages: await count("contact_messages"), outbox: await count("outbox"), consent: await count("consent_records") };
      const response = await postLead("/contactus", "contact", { ...valid, name: "Broken Database" });
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Failed to send message. Please try again.");
      expect(html).toContain('value="Broken Database"');
      expect(html).toContain(valid.message);
      // The batch is all or nothing: no orphan consent record or e-mail.
      expect({ messages: await count("contact_messages"), outbox: await count("outbox"), consent: await count("consent_records") }).toEqual(before);
    } finally {
      await env.DB.exec("DROP TRIGGER test_contact_fail");
    }
  });
});
