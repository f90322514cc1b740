import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PROMO_CONSENT_TEXT, PROMO_CONSENT_VERSION, SMS_CONSENT_TEXT, SMS_CONSENT_VERSION } from "../../app/leads/consent";
import { CAP_MESSAGES } from "../../app/leads/rules/appointment";
import { SCHEDULER_DAYS } from "../../app/core/slots";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { createStaff, get, signIn } from "./helpers";
import { getWithCookie } from "./dashboard-helpers";
import { postLead, rows, textOf } from "./lead-helpers";
import { inboundText, nextStoreNoon, promote as promoteTo, senders, stubProviders } from "./message-helpers";

// Issue 27: the two text consents and the rule that sends promotions only to
// numbers that agreed to them, the custom order's description, the lasting
// confirmations, the scheduler's days and the booking-limit wording.

afterEach(() => {
  vi.restoreAllMocks();
});

let phoneCounter = 0;
const newPhone = () => `(901) 555-${String(3000 + ++phoneCounter).padStart(4, "0")}`;
const e164 = (phone: string) => `+1${phone.replace(/\D/g, "")}`;

const contact = (name: string, phone: string, extra: Record<string, string> = {}) => ({
  name,
  phone,
  email: "shopper@example.com",
  message: "Do you resize rings?",
  smsConsent: "on",
  ...extra,
});

async function consentsOf(name: string) {
  return rows<{ purpose: string; consent_text: string; consent_version: string; phone: string }>(
    `SELECT c.purpose, c.consent_text, c.consent_version, c.phone FROM consent_records c
       JOIN contact_messages m ON m.id = c.contact_message_id WHERE m.name = ? ORDER BY c.purpose DESC`,
    name,
  );
}

describe("contact form: two consents", () => {
  it("renders the promotions box unticked and optional, apart from the required one", async () => {
    const html = await (await get("/contactus")).text();
    const promo = /<input[^>]*name="promoConsent"[^>]*>/.exec(html)?.[0] ?? "";
    expect(promo).toContain('type="checkbox"');
    expect(promo).not.toMatch(/\bchecked\b/);
    expect(promo).not.toMatch(/\brequired\b/);
    const required = /<input[^>]*name="smsConsent"[^>]*>/.exec(html)?.[0] ?? "";
    expect(required).toMatch(/\brequired\b/);
    // The required consent no longer covers promotions.
    expect(SMS_CONSENT_TEXT).not.toMatch(/promotion/i);
    expect(PROMO_CONSENT_TEXT).toMatch(/promotions/);
  });

  it("sends without the promotions box, storing only the consent to texts about the message", async () => {
    const response = await postLead("/contactus", "contact", contact("Only Transactional", newPhone()));
    expect(response.status).toBe(302);
    expect(await consentsOf("Only Transactional")).toMatchObject([
      { purpose: "transactional", consent_text: SMS_CONSENT_TEXT, consent_version: SMS_CONSENT_VERSION },
    ]);
  });

  it("stores each consent with its own text and version when both are ticked", async () => {
    const phone = newPhone();
    const response = await postLead("/contactus", "contact", contact("Both Consents", phone, { promoConsent: "on" }));
    expect(response.status).toBe(302);
    expect(await consentsOf("Both Consents")).toEqual([
      { purpose: "transactional", consent_text: SMS_CONSENT_TEXT, consent_version: SMS_CONSENT_VERSION, phone: e164(phone) },
      { purpose: "promotional", consent_text: PROMO_CONSENT_TEXT, consent_version: PROMO_CONSENT_VERSION, phone: e164(phone) },
    ]);
  });

  it("sends a promotion only to a number holding promotional consent it confirmed by replying YES", async () => {
    const consenting = newPhone();
    const notConsenting = newPhone();
    expect((await postLead("/contactus", "contact", contact("Promo Yes", consenting, { promoConsent: "on" }))).status).toBe(302);
    expect((await postLead("/contactus", "contact", contact("Promo No", notConsenting))).status).toBe(302);

    const refused = await promoteTo(e164(notConsenting));
    expect(refused.outcome).toBe("cancelled");
    expect(refused.row).toEqual({ status: "cancelled", last_error: "Not sent: This number has not confirmed promotions by text (by replying YES)." });
    expect(refused.texts).toEqual([]);
    vi.restoreAllMocks();

    // The number is asked to confirm (decision 135), and replies YES.
    const [request] = await rows<{ id: number }>("SELECT id FROM outbox WHERE kind = 'promo-confirmation' AND recipient = ?", e164(consenting));
    stubProviders();
    expect(await deliverOutboxMessage(env, request!.id, { ...senders(), now: nextStoreNoon() })).toBe("sent");
    vi.restoreAllMocks();
    expect((await inboundText({ From: e164(consenting), Body: "YES" })).response.status).toBe(200);

    const sent = await promoteTo(e164(consenting));
    expect(sent.outcome).toBe("sent");
    expect(sent.texts.map((text) => [text.params.To, text.params.Body])).toEqual([[e164(consenting), "10% off resizing this week"]]);
  });
});

describe("custom order: Tell us about your piece", () => {
  const order = {
    name: "Piece Teller",
    phone: "901 555 0177",
    email: "piece@example.com",
    jewelryType: "Custom Ring",
    materialPreferences: "Gold Rose",
    diamondSelection: "Moissanite",
  };

  it("is optional: an order without it is stored as before", async () => {
    const response = await postLead("/orderOnline", "order", { ...order, name: "No Description" });
    expect(response.status).toBe(302);
    const [stored] = await rows<{ piece_description: string | null }>("SELECT piece_description FROM orders WHERE name = 'No Description'");
    expect(stored).toEqual({ piece_description: null });
  });

  it("refuses more than 2,000 characters with a message by the field", async () => {
    const response = await postLead("/orderOnline", "order", { ...order, pieceDescription: "x".repeat(2001) });
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain("Your description must be 2,000 characters or fewer.");
  });

  it("refuses characters that hide or reorder text, as in a message", async () => {
    for (const bad of ["engrave\u0000this", "A\u202eJ"]) {
      const response = await postLead("/orderOnline", "order", { ...order, pieceDescription: bad });
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain("Your description contains characters we can't accept.");
    }
  });

  it("is stored, shown on the record and exported in the CSV", async () => {
    const description = "Size 7, engraved \"A & J\" inside, budget about $1,500, needed by June 3.\nThank you!";
    const response = await postLead("/orderOnline", "order", { ...order, pieceDescription: description });
    expect(response.status).toBe(302);
    const [stored] = await rows<{ id: number; piece_description: string }>(
      "SELECT id, piece_description FROM orders WHERE name = 'Piece Teller'",
    );
    expect(stored!.piece_description).toBe(description);

    const cookie = await signIn(await createStaff());
    const record = await (await getWithCookie(`/dashboard/orders/${stored!.id}`, cookie)).text();
    expect(record).toContain("About the Piece");
    expect(record).toContain("Size 7, engraved &quot;A &amp; J&quot; inside");

    const csv = await (await getWithCookie("/dashboard/export?tab=orders&q=Piece+Teller", cookie)).text();
    const [header] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toContain("About the Piece");
    // The cell is quoted (it has a comma, quotes and a line break), its quotes doubled.
    expect(csv).toContain(`"${description.replaceAll('"', '""')}"`);
  });
});

describe("lasting confirmations", () => {
  it("after a message, the page the redirect opens says what was received, what happens next and where the e-mail went", async () => {
    const response = await postLead("/contactus", "contact", contact("Receipt Reader", newPhone()));
    expect(response.status).toBe(302);
    const flash = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    const page = await textOf(await get("/contactus", { Cookie: flash }));
    expect(page).toContain("We received your message");
    expect(page).toContain("we call you within one business day");
    expect(page).toContain("A confirmation e-mail went to shopper@example.com");
    // The form is replaced; a plain visit shows the form again.
    expect(page).not.toContain("Send message");
    expect(await textOf(await get("/contactus"))).not.toContain("We received your message");
  });

  it("after an order, the page names the piece and how many photos came with it", async () => {
    const response = await postLead("/orderOnline", "order", {
      name: "Order Receipt",
      phone: "901 555 0178",
      email: "receipt@example.com",
      jewelryType: "Custom Watch",
      materialPreferences: "Platinum",
      diamondSelection: "Authentic Diamond",
    });
    expect(response.status).toBe(302);
    const flash = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    const page = await textOf(await get("/orderOnline", { Cookie: flash }));
    expect(page).toContain("We received your order request");
    expect(page).toMatch(/Custom Watch, Platinum, Authentic Diamond ?, with no photos ?\./);
    expect(page).toContain("A confirmation e-mail went to receipt@example.com");
  });
});

describe("the scheduler and the booking-limit wording", () => {
  it(`offers the next ${SCHEDULER_DAYS} days with open times as radio buttons, with the chosen day's times as radio buttons`, async () => {
    const html = await (await get("/book")).text();
    const days = [...html.matchAll(/<input[^>]*type="radio"[^>]*name="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/g)].map((match) => match[1]);
    expect(days).toHaveLength(SCHEDULER_DAYS);
    expect([...days].sort()).toEqual(days);
    expect(html).not.toMatch(/type="date"/);
    const day = days[3]!;
    const withDay = await (await get(`/book?date=${day}`)).text();
    expect(new RegExp(`<input[^>]*name="date"[^>]*value="${day}"[^>]*>`).exec(withDay)?.[0]).toMatch(/\bchecked\b/);
    expect([...withDay.matchAll(/<input[^>]*type="radio"[^>]*name="time"[^>]*value="([^"]+)"/g)].map((match) => match[1])).toContain("11:00 AM");
  });

  it("says what the store does instead of blaming the person", () => {
    expect(CAP_MESSAGES.daily).not.toMatch(/\byou have\b/i);
    expect(CAP_MESSAGES.daily).toMatch(/call us/);
  });
});
