import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { store } from "../../app/config/store";
import { sendStaffPush } from "../../app/messaging/push.server";
import { PUSH_MESSAGES } from "../../app/messaging/push-rules";
import { TEST_VAPID_KEYS } from "../support/push-keys";
import { getWithCookie, postWithCookie } from "./dashboard-helpers";
import { createStaff, ORIGIN, postForm, signIn } from "./helpers";
import { freeWeekday, postLead, rows, uniqueIp } from "./lead-helpers";
import { inboundText } from "./message-helpers";
import { logRepair, repairRow } from "./repair-helpers";

// Web Push to staff devices (docs/decisions/145). The browser's side is outside the product: its keys are made,
// and every push is decrypted and its VAPID signature checked, by Node's crypto and http_ece
// (PUSH_BROWSER, tests/support/node-checkers.ts). The push service is faked where it is reached: fetch to its
// endpoint. D1, the Worker, the lead forms and the repair page are real.

const browserSide = (env as unknown as { PUSH_BROWSER: Fetcher }).PUSH_BROWSER;

interface TestBrowser {
  endpoint: string;
  p256dh: string;
  auth: string;
  privateKey: string;
}

/** A browser's new push subscription at Google's push service (the endpoint is faked at fetch). */
async function newBrowser(): Promise<TestBrowser> {
  const keys = (await (await browserSide.fetch("http://push-browser/", { method: "POST", body: JSON.stringify({ do: "subscribe" }) })).json()) as Omit<TestBrowser, "endpoint">;
  return { endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, ...keys };
}

interface Received {
  plaintext: string | null;
  decryptError: string | null;
  vapid: { key: string; signatureValid: boolean; header: { alg: string; typ: string }; claims: { aud: string; exp: number; sub: string } } | null;
}

/** What the browser reads of a push it got, and what a push service checks of its VAPID header. */
async function receive(browser: TestBrowser, push: CapturedPush): Promise<Received> {
  const order = { do: "receive", privateKey: browser.privateKey, auth: browser.auth, body: push.body, authorization: push.authorization, endpoint: push.url };
  return (await (await browserSide.fetch("http://push-browser/", { method: "POST", body: JSON.stringify(order) })).json()) as Received;
}

function subscribeFields(browser: Pick<TestBrowser, "endpoint" | "p256dh" | "auth">, lists: string[]) {
  const fields = new URLSearchParams({ intent: "subscribe", endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth });
  for (const list of lists) fields.append("lists", list);
  return fields;
}

/** The account page's script turning push on for this browser. */
function subscribe(cookie: string, browser: Pick<TestBrowser, "endpoint" | "p256dh" | "auth">, lists: string[], headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}/dashboard/account/notifications`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie, Accept: "application/json", ...headers },
    body: subscribeFields(browser, lists),
  });
}

interface CapturedPush {
  url: string;
  authorization: string;
  contentEncoding: string | null;
  ttl: string | null;
  /** base64 */
  body: string;
}

/** Fakes the push services at fetch: each push is kept, and answered with the status `answer` gives its endpoint. */
function fakePushService(answer: (endpoint: string) => number = () => 201) {
  const pushes: CapturedPush[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("https://fcm.googleapis.com/")) return realFetch(input, init);
    const bytes = new Uint8Array(await request.arrayBuffer());
    pushes.push({
      url: request.url,
      authorization: request.headers.get("Authorization") ?? "",
      contentEncoding: request.headers.get("Content-Encoding"),
      ttl: request.headers.get("TTL"),
      body: btoa(String.fromCharCode(...bytes)),
    });
    return new Response(null, { status: answer(request.url) });
  });
  return pushes;
}

const subscriptions = () => rows<{ id: number; user_id: number; endpoint: string; lists: string; session_id: string }>("SELECT * FROM push_subscriptions ORDER BY id");

let staff: Awaited<ReturnType<typeof createStaff>>;
let cookie: string;

beforeEach(async () => {
  // Each test's devices alone: a push goes to every device of its list.
  await env.DB.prepare("DELETE FROM push_subscriptions").run();
  staff = await createStaff();
  cookie = await signIn(staff);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.prepare("DELETE FROM push_subscriptions").run();
});

describe("turning notifications on for a device", () => {
  it("keeps an https subscription at a known push service, with the lists chosen, and the account page shows it", async () => {
    const browser = await newBrowser();
    const response = await subscribe(cookie, browser, ["appointments", "contacts"]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ subscribed: true });
    const [stored] = await subscriptions();
    expect(stored).toMatchObject({ user_id: staff.id, endpoint: browser.endpoint });
    expect(JSON.parse(stored!.lists)).toEqual(["appointments", "contacts"]);

    const page = await (await getWithCookie("/dashboard/account", cookie)).text();
    const device = /<li[^>]*data-testid="push-device"[^>]*>([\s\S]*?)<\/li>/.exec(page)![1]!;
    expect(device).toContain("This device");
    const ticked = [...device.matchAll(/<input type="checkbox" name="lists"( checked="")? value="(\w+)"/g)].filter((input) => input[1]).map((input) => input[2]);
    expect(ticked).toEqual(["appointments", "contacts"]);

    // The same browser turned on again (the second time) is one device, with its new choice.
    expect((await subscribe(cookie, browser, ["orders"])).status).toBe(200);
    expect((await subscriptions()).map((row) => JSON.parse(row.lists) as string[])).toEqual([["orders"]]);
  });

  it("refuses an endpoint that is not https, or not at a known push service, by the field, and keeps nothing", async () => {
    const browser = await newBrowser();
    const cases: [string, string][] = [
      ["http://fcm.googleapis.com/fcm/send/abc", PUSH_MESSAGES.notHttps],
      ["https://push.attacker.example/send/abc", PUSH_MESSAGES.unknownService],
      ["https://fcm.googleapis.com.attacker.example/fcm/send/abc", PUSH_MESSAGES.unknownService],
      ["https://127.0.0.1/send", PUSH_MESSAGES.unknownService],
    ];
    for (const [endpoint, message] of cases) {
      const response = await subscribe(cookie, { ...browser, endpoint }, ["orders"]);
      expect(response.status, endpoint).toBe(400);
      expect(((await response.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.endpoint).toEqual([message]);
    }
    const badKeys = await subscribe(cookie, { ...browser, p256dh: "short" }, ["orders"]);
    expect(badKeys.status).toBe(400);
    const noLists = await subscribe(cookie, browser, []);
    expect(((await noLists.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.lists).toEqual([PUSH_MESSAGES.noLists]);
    expect(await subscriptions()).toEqual([]);
  });

  it("refuses a post from another site, and more than 10 devices an hour for one account", async () => {
    const browser = await newBrowser();
    const crossSite = await subscribe(cookie, browser, ["orders"], { Origin: "https://attacker.example" });
    expect(crossSite.status).toBe(403);
    expect(await subscriptions()).toEqual([]);

    for (let i = 0; i < 10; i++) expect((await subscribe(cookie, await newBrowser(), ["orders"])).status).toBe(200);
    const eleventh = await subscribe(cookie, await newBrowser(), ["orders"]);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await subscriptions()).toHaveLength(10);
  });

  it("changes a device's lists from the account page, and refuses none by the field", async () => {
    await subscribe(cookie, await newBrowser(), ["orders"]);
    const [device] = await subscriptions();
    const none = await postWithCookie("/dashboard/account", { intent: "push-lists", subscriptionId: String(device!.id) }, cookie);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(PUSH_MESSAGES.noLists);

    const fields = new URLSearchParams({ intent: "push-lists", subscriptionId: String(device!.id) });
    fields.append("lists", "repairs");
    fields.append("lists", "appointments");
    const saved = await SELF.fetch(`${ORIGIN}/dashboard/account`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie },
      body: fields,
    });
    expect(saved.status).toBe(302);
    // Kept in the registry's order, whatever order the form sent.
    expect(JSON.parse((await subscriptions())[0]!.lists)).toEqual(["appointments", "repairs"]);

    // Another account cannot change it.
    const other = await signIn(await createStaff());
    const theirs = await postWithCookie("/dashboard/account", { intent: "push-lists", subscriptionId: String(device!.id), lists: "orders" }, other);
    expect(theirs.status).toBe(302);
    expect(JSON.parse((await subscriptions())[0]!.lists)).toEqual(["appointments", "repairs"]);
  });
});

describe("what is pushed", () => {
  it("a new contact message reaches only the devices that chose Contacts, encrypted for each browser and signed with the store's key", async () => {
    const pushes = fakePushService();
    const contacts = await newBrowser();
    const appointmentsOnly = await newBrowser();
    expect((await subscribe(cookie, contacts, ["contacts"])).status).toBe(200);
    expect((await subscribe(await signIn(staff), appointmentsOnly, ["appointments"])).status).toBe(200);

    const response = await postLead("/contactus", "contact", {
      name: "Maya Thompson",
      phone: "(901) 555-0123",
      email: "maya@example.com",
      message: "Can I come at 3 instead?\nThanks",
      smsConsent: "on",
    });
    expect(response.status, await response.clone().text()).toBe(302);
    const [contact] = await rows<{ id: number }>("SELECT id FROM contact_messages WHERE email = 'maya@example.com' ORDER BY id DESC LIMIT 1");
    await vi.waitFor(() => expect(pushes).toHaveLength(1));
    const [push] = pushes;
    expect(push!.url).toBe(contacts.endpoint);
    expect(push!.contentEncoding).toBe("aes128gcm");
    expect(Number(push!.ttl)).toBeGreaterThan(0);

    const received = await receive(contacts, push!);
    expect(received.decryptError).toBeNull();
    expect(JSON.parse(received.plaintext!)).toEqual({
      title: "New contact message from Maya T.",
      body: "Can I come at 3 instead? Thanks",
      path: `/dashboard/contacts/${contact!.id}`,
      tag: `/dashboard/contacts/${contact!.id}`,
    });
    // RFC 8292: signed with the store's key, for this push service, for a day at most, with a contact.
    const now = Date.now() / 1000;
    expect(received.vapid).toMatchObject({ key: TEST_VAPID_KEYS.publicKey, signatureValid: true, header: { alg: "ES256" } });
    expect(received.vapid!.claims.aud).toBe("https://fcm.googleapis.com");
    expect(received.vapid!.claims.exp).toBeGreaterThan(now);
    expect(received.vapid!.claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
    expect(received.vapid!.claims.sub).toBe(store.siteOrigin);

    // Another browser's keys cannot read it.
    expect((await receive(appointmentsOnly, push!)).plaintext).toBeNull();
    // Awaited here, so no push can still be on its way: one device chose Contacts, one did not.
    expect(await sendStaffPush(env, { list: "contacts", path: "/dashboard/contacts/1", kind: "New contact message", name: "Ann Lee", preview: "Hi" })).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(pushes.map((sent) => sent.url)).toEqual([contacts.endpoint, contacts.endpoint]);
  });

  it("a new appointment and a custom order reach their lists' devices, naming the kind, the customer and what they asked", async () => {
    const pushes = fakePushService();
    const browser = await newBrowser();
    await subscribe(cookie, browser, ["appointments", "orders"]);
    const date = freeWeekday();
    expect((await postLead("/book", "appointment", { name: "Ada Lovelace", phone: "(901) 555-0161", service: "Repair", date, time: "2:00 PM" })).status).toBe(302);
    await vi.waitFor(() => expect(pushes).toHaveLength(1));
    const booked = JSON.parse((await receive(browser, pushes[0]!)).plaintext!) as { title: string; body: string; path: string };
    expect(booked.title).toBe("New appointment from Ada L.");
    expect(booked.body).toMatch(/^Repair, .+ at 2:00 PM$/);
    expect(booked.path).toMatch(/^\/dashboard\/appointments\/\d+$/);

    const ordered = await postLead("/orderOnline", "order", {
      name: "Lin Custom",
      phone: "901 555 0111",
      email: "lin@example.com",
      jewelryType: "Custom Ring",
      materialPreferences: "Gold Rose",
      diamondSelection: "Moissanite",
      pieceDescription: "A halo ring like my grandmother's",
    });
    expect(ordered.status).toBe(302);
    await vi.waitFor(() => expect(pushes).toHaveLength(2));
    const [order] = await rows<{ id: number }>("SELECT id FROM orders WHERE email = 'lin@example.com' ORDER BY id DESC LIMIT 1");
    expect(JSON.parse((await receive(browser, pushes[1]!)).plaintext!)).toMatchObject({
      title: "New order from Lin C.",
      body: "Custom Ring: A halo ring like my grandmother's",
      path: `/dashboard/orders/${order!.id}`,
    });
  });

  it("a customer's answer to an estimate on /repair reaches the Repairs devices", async () => {
    const pushes = fakePushService();
    const browser = await newBrowser();
    await subscribe(cookie, browser, ["repairs"]);
    const { repair, fields } = await logRepair(cookie, { name: "Rita Moreno" });
    // Logged by a clerk: not news to the staff, nothing pushed.
    const asked = await postWithCookie(`/dashboard/repairs/${repair.id}`, { intent: "estimate", version: String(repair.version), amount: "120", description: "Retip four prongs." }, cookie);
    expect(asked.status).toBe(302);
    const [estimate] = await rows<{ id: number }>("SELECT id FROM repair_estimates WHERE repair_id = ?", repair.id);
    const current = await repairRow(repair.id);
    const last4 = fields.phone!.replace(/\D/g, "").slice(-4);
    const answered = await postForm("/repair", { ticket: current.ticket, last4, estimate: String(estimate!.id), decision: "approve" }, { "CF-Connecting-IP": uniqueIp() });
    expect(answered.status).toBe(200);
    await vi.waitFor(() => expect(pushes).toHaveLength(1));
    expect(JSON.parse((await receive(browser, pushes[0]!)).plaintext!)).toMatchObject({
      title: "Estimate approved from Rita M.",
      body: `$120 for ${fields.item} (ticket ${current.ticket})`,
      path: `/dashboard/repairs/${repair.id}`,
    });
  });

  it("a customer's text reaches the devices of the list it landed in, once, naming the sender and what they wrote", async () => {
    const pushes = fakePushService();
    const [repairsPhone, textsPhone] = await Promise.all([newBrowser(), newBrowser()]);
    await subscribe(cookie, repairsPhone, ["repairs"]);
    await subscribe(cookie, textsPhone, ["texts"]);
    const { repair, fields } = await logRepair(cookie, { name: "Maya Thompson" });
    const from = `+1${fields.phone!.replace(/\D/g, "").slice(-10)}`;

    const sent = await inboundText({ From: from, Body: "Can I come\nat 3 instead?" });
    expect(sent.response.status).toBe(200);
    await vi.waitFor(() => expect(pushes).toHaveLength(1));
    expect(pushes[0]!.url).toBe(repairsPhone.endpoint);
    expect(JSON.parse((await receive(repairsPhone, pushes[0]!)).plaintext!)).toMatchObject({
      title: "Text from Maya T.",
      body: "Can I come at 3 instead?",
      path: `/dashboard/repairs/${repair.id}`,
    });

    // A number no record has: the Texts devices, named by the number, opening the text.
    const stranger = await inboundText({ From: "+19015560417", Body: "Do you buy gold?" });
    expect(stranger.response.status).toBe(200);
    await vi.waitFor(() => expect(pushes).toHaveLength(2));
    expect(pushes[1]!.url).toBe(textsPhone.endpoint);
    const [text] = await rows<{ id: number }>("SELECT id FROM sms_inbound WHERE message_sid = ?", stranger.messageSid);
    expect(JSON.parse((await receive(textsPhone, pushes[1]!)).plaintext!)).toMatchObject({
      title: "Text from (901) 556-0417",
      body: "Do you buy gold?",
      path: `/dashboard/texts/${text!.id}`,
    });

    // Twilio's retry of a text, and a keyword the site answers itself, push nothing more.
    expect((await inboundText({ From: from, Body: "Can I come\nat 3 instead?", MessageSid: sent.messageSid })).response.status).toBe(200);
    expect((await inboundText({ From: from, Body: "START" })).response.status).toBe(200);
    const marker = await inboundText({ From: "+19015560417", Body: "Also silver?" });
    expect(marker.response.status).toBe(200);
    await vi.waitFor(() => expect(pushes).toHaveLength(3));
    expect(JSON.parse((await receive(textsPhone, pushes[2]!)).plaintext!)).toMatchObject({ body: "Also silver?" });
  });

  it("removes the devices the push service reports gone (404, 410) and keeps one that failed otherwise", async () => {
    const [gone404, gone410, broken, fine] = await Promise.all([newBrowser(), newBrowser(), newBrowser(), newBrowser()]);
    const status = new Map([
      [gone404.endpoint, 404],
      [gone410.endpoint, 410],
      [broken.endpoint, 500],
      [fine.endpoint, 201],
    ]);
    const pushes = fakePushService((endpoint) => status.get(endpoint)!);
    for (const browser of [gone404, gone410, broken, fine]) expect((await subscribe(cookie, browser, ["orders"])).status).toBe(200);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});

    const outcome = await sendStaffPush(env, { list: "orders", path: "/dashboard/orders/1", kind: "New order", name: "Ann Lee", preview: "A ring" });
    expect(outcome).toEqual({ sent: 1, removed: 2, failed: 1 });
    expect(pushes).toHaveLength(4);
    expect((await subscriptions()).map((row) => row.endpoint).sort()).toEqual([broken.endpoint, fine.endpoint].sort());
    expect(error).toHaveBeenCalledWith(expect.stringContaining("push service answered 500"));
  });
});

describe("signing out", () => {
  it("signing out of a device turns off its notifications; the account's other devices keep theirs", async () => {
    const phone = await newBrowser();
    const laptop = await newBrowser();
    const laptopCookie = await signIn(staff);
    await subscribe(cookie, phone, ["orders"]);
    await subscribe(laptopCookie, laptop, ["orders"]);

    expect((await postWithCookie("/logout", {}, cookie)).status).toBe(302);
    expect((await subscriptions()).map((row) => row.endpoint)).toEqual([laptop.endpoint]);

    // Ending the laptop's session from the account page is signing it out too.
    const thirdCookie = await signIn(staff);
    const [laptopSession] = await rows<{ session_id: string }>("SELECT session_id FROM push_subscriptions");
    expect((await postWithCookie("/dashboard/account", { intent: "end-session", sessionId: laptopSession!.session_id }, thirdCookie)).status).toBe(302);
    expect(await subscriptions()).toEqual([]);
  });

  it("signing out everywhere turns off every device; a password change keeps this device's", async () => {
    await subscribe(cookie, await newBrowser(), ["orders"]);
    const other = await signIn(staff);
    await subscribe(other, await newBrowser(), ["orders"]);

    const changed = await postWithCookie(
      "/dashboard/account",
      { intent: "change-password", currentPassword: staff.password, newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrase" },
      cookie,
    );
    expect(changed.status).toBe(302);
    const kept = await subscriptions();
    expect(kept).toHaveLength(1);
    // It moved to this browser's new session: signing out here still turns it off.
    const newCookie = /staff_session=[^;]+/.exec(changed.headers.get("Set-Cookie") ?? "")![0];
    const [session] = await rows<{ id: string }>("SELECT id FROM sessions WHERE user_id = ?", staff.id);
    expect(kept[0]!.session_id).toBe(session!.id);

    expect((await postWithCookie("/dashboard/account", { intent: "sign-out-everywhere" }, newCookie)).status).toBe(302);
    expect(await subscriptions()).toEqual([]);
  });
});

describe("without the store's VAPID keys", () => {
  const keys = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  afterEach(() => {
    env.VAPID_PUBLIC_KEY = keys.publicKey;
    env.VAPID_PRIVATE_KEY = keys.privateKey;
  });

  it("the account page says push is not set up, a device cannot turn it on, and nothing is sent", async () => {
    env.VAPID_PUBLIC_KEY = "";
    env.VAPID_PRIVATE_KEY = "";
    const page = await (await getWithCookie("/dashboard/account", cookie)).text();
    expect(page).toContain("Push notifications are not set up for this store yet.");
    expect(page).not.toContain("Devices that get notifications");
    const refused = await subscribe(cookie, await newBrowser(), ["orders"]);
    expect(refused.status).toBe(409);
    expect(await subscriptions()).toEqual([]);
  });
});
