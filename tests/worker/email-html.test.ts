import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { store } from "../../app/config/store";
import { manageToken } from "../../app/leads/manage-token.server";
import { addDays } from "../../app/core/slots";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { createOwner, createStaff, postForm, signIn } from "./helpers";
import { postWithCookie } from "./dashboard-helpers";
import { logRepair, setStatus } from "./repair-helpers";
import { freeWeekday, postLead, rows, uniqueIp } from "./lead-helpers";
import { appointmentNamed, book, nuMessages, senders, sentEmails, stubProviders } from "./message-helpers";

// Every kind of e-mail the site sends (to staff, to visitors, from the repair desk and the
// Hours page), made by the real flows and taken from the request MailChannels receives: its
// HTML passes the Nu validator (vnu-jar, run in Node) without an error, what anyone typed is
// text in it, and a reply reaches the right person: the store for a visitor's e-mail, the
// lead for a staff notification about them.

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the e-mails", () => {
  it("every kind is valid HTML, with a title, and replies go to the store or to the lead", { timeout: 180_000 }, async () => {
    const before = (await rows<{ id: number }>("SELECT coalesce(max(id), 0) AS id FROM outbox"))[0]!.id;
    const date = freeWeekday();
    expect((await book({ name: "Html Booker", phone: "901-559-1001", service: "Repair", date, time: "11:00 AM", email: "booker@example.com" })).status).toBe(302);
    // A second booking keeps its reminder (the first one's are withdrawn by the move and the cancel).
    expect((await book({ name: "Html Reminded", phone: "901-559-1004", service: "Repair", date, time: "1:00 PM", email: "reminded@example.com" })).status).toBe(302);
    const { reference } = await appointmentNamed("Html Booker");
    const path = `/appointment/${await manageToken(env, reference)}`;
    const ip = { "CF-Connecting-IP": uniqueIp() };
    const movedResponse = await postForm(path, { intent: "reschedule", current: `${date} 11:00 AM`, date: addDays(date, 1), time: "12:00 PM" }, ip);
    expect(movedResponse.status, await movedResponse.clone().text()).toBe(302);
    expect((await postForm(path, { intent: "cancel", current: `${addDays(date, 1)} 12:00 PM` }, ip)).status).toBe(302);
    const contact = await postLead("/contactus", "contact", { name: "Html Asker", phone: "901-559-1002", email: "asker@example.com", message: "Hello & <b>bye</b>", smsConsent: "on" });
    expect(contact.status, await contact.clone().text()).toBe(302);
    expect(
      (await postLead("/orderOnline", "order", { name: "Html Buyer", phone: "901-559-1003", email: "buyer@example.com", jewelryType: "Custom Ring", materialPreferences: "Platinum", diamondSelection: "Moissanite" })).status,
    ).toBe(302);
    const owner = await createOwner();
    const cookie = await signIn(owner);
    expect((await postWithCookie("/dashboard/staff", { intent: "invite", email: "new-staff@example.com" }, cookie)).status).toBeLessThan(400);
    const member = await createStaff();
    expect((await postWithCookie("/dashboard/staff", { intent: "reset", userId: String(member.id) }, cookie)).status).toBeLessThan(400);
    // The owner closes a booked day and asks the visitor to choose another time.
    const closedDay = freeWeekday();
    expect((await book({ name: "Html Asked To Move", phone: "901-559-1005", service: "Repair", date: closedDay, time: "2:00 PM", email: "asked@example.com" })).status).toBe(302);
    expect((await postWithCookie("/dashboard/hours", { intent: "add-special-day", date: closedDay, kind: "closed" }, cookie)).status).toBe(302);
    const asked = await appointmentNamed("Html Asked To Move");
    expect((await postWithCookie("/dashboard/hours", { intent: "ask-to-move", id: String(asked.id) }, cookie)).status).toBe(302);
    // A repair waits for the customer's approval of an estimate; another is ready for pickup (setting the
    // first one ready would withdraw its estimate's unsent message).
    const { repair } = await logRepair(cookie, { textConsent: "on", email: "repair@example.com" });
    const estimate = { intent: "estimate", version: String(repair.version), amount: "120", description: "Retip <all> four prongs & polish" };
    expect((await postWithCookie(`/dashboard/repairs/${repair.id}`, estimate, cookie)).status).toBe(302);
    const ready = (await logRepair(cookie, { textConsent: "on", email: "ready@example.com" })).repair;
    expect((await setStatus(cookie, ready, "ready")).status).toBe(302);

    const queued = await rows<{ id: number; kind: string; next_attempt_at: number }>(
      "SELECT id, kind, next_attempt_at FROM outbox WHERE id > ? AND channel = 'email' AND status = 'pending' ORDER BY id",
      before,
    );
    const fetchSpy = stubProviders();
    for (const row of queued) {
      // A kind held in the quiet hours (decision 136) goes at their end, where the gate put it.
      let outcome = await deliverOutboxMessage(env, row.id, { ...senders(), now: row.next_attempt_at });
      if (outcome === "deferred") {
        const [held] = await rows<{ next_attempt_at: number }>("SELECT next_attempt_at FROM outbox WHERE id = ?", row.id);
        outcome = await deliverOutboxMessage(env, row.id, { ...senders(), now: held!.next_attempt_at });
      }
      expect(outcome, row.kind).toBe("sent");
    }
    const sent = sentEmails(fetchSpy).map((email, index) => ({ ...email, kind: queued[index]!.kind }));
    expect(new Set(sent.map((email) => email.kind))).toEqual(
      new Set([
        "appointment",
        "booking-confirmation",
        "reminder",
        "appointment-changed",
        "reschedule-confirmation",
        "cancellation-confirmation",
        "contact",
        "order",
        "request-received",
        "staff-invite",
        "staff-reset",
        "move-request",
        "repair-estimate",
        "repair-ready",
      ]),
    );

    // Who a reply reaches.
    const replyTo = (kind: string) => sent.filter((email) => email.kind === kind).map((email) => email.replyTo);
    for (const kind of ["booking-confirmation", "reminder", "reschedule-confirmation", "cancellation-confirmation", "request-received", "move-request"]) {
      expect(new Set(replyTo(kind)), kind).toEqual(new Set([store.email]));
    }
    expect(replyTo("appointment")).toEqual(["booker@example.com", "reminded@example.com", "asked@example.com"]);
    expect(replyTo("appointment-changed")).toEqual(["booker@example.com", "booker@example.com"]);
    expect(replyTo("contact")).toEqual(["asker@example.com"]);
    expect(replyTo("order")).toEqual(["buyer@example.com"]);

    // The Nu validator: no error in any of them (warnings and notes are advice, not errors).
    const results = await nuMessages(sent.map((email) => email.html));
    const errors = results.flatMap((messages, index) =>
      messages.filter((message) => message.type === "error" || message.subType === "fatal").map((message) => `${sent[index]!.kind}: ${message.message}`),
    );
    expect(errors).toEqual([]);
    for (const email of sent) expect(email.html).toContain(`<title>`);
    // What a person typed is text: the visitor's message, the clerk's description of the work.
    expect(sent.find((email) => email.kind === "contact")!.html).toContain("Hello &amp; &lt;b&gt;bye&lt;/b&gt;");
    expect(sent.find((email) => email.kind === "repair-estimate")!.html).toContain("Retip &lt;all&gt; four prongs &amp; polish");
  });
});
