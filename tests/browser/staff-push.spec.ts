import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoAxeViolationsAsShown } from "./dashboard-helpers";
import { signInAsStaff } from "./fixtures";
import { expectNoIbmViolations } from "./ibm-checker";

// Push notifications turned on and off in Account (docs/decisions/145), at a phone's width, with JavaScript.
//
// What is real: the account page and its posts, the Worker and D1, the notification permission (granted as a
// clerk's tap would), the dashboard's service worker and its registration, and a push message delivered to it
// through Chromium's DevTools protocol. What is faked, at the boundary only: PushManager's subscribe and
// getSubscription. Chromium makes no subscription in a test context (none in an incognito-like context, and
// in a persistent one it waits forever for Google's push service, which this machine cannot reach), so the
// stand-in does what the browser would: a new P-256 key pair and auth secret, and an endpoint at Google's push
// service. That the Worker encrypts and signs pushes a real browser can read is tested in workerd against an
// independent implementation (tests/worker/push-notifications.test.ts).

const PHONE = { width: 390, height: 844 };

/** The stand-in for the browser's push service client (see above), kept in localStorage as Chromium keeps its own. */
function fakePushManager() {
  const saved = "test-push-subscription";
  const base64Url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
  type Json = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  const subscription = (json: Json) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    toJSON: () => json,
    unsubscribe: async () => {
      localStorage.removeItem(saved);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const json = localStorage.getItem(saved);
    return (json ? subscription(JSON.parse(json) as Json) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    if (!options?.userVisibleOnly || !(options.applicationServerKey instanceof Uint8Array)) throw new DOMException("bad options", "NotSupportedError");
    (window as unknown as { serverKeyUsed: string }).serverKeyUsed = base64Url(options.applicationServerKey);
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const json: Json = {
      endpoint: `https://fcm.googleapis.com/fcm/send/browser-test-${crypto.randomUUID()}`,
      expirationTime: null,
      keys: { p256dh: base64Url(await crypto.subtle.exportKey("raw", pair.publicKey)), auth: base64Url(crypto.getRandomValues(new Uint8Array(16))) },
    };
    localStorage.setItem(saved, JSON.stringify(json));
    return subscription(json) as unknown as PushSubscription;
  };
}

/** The dashboard's service worker registration, as the page sees it. */
function registration(page: Page) {
  return page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration("/dashboard");
    const publicPage = await navigator.serviceWorker.getRegistration("/services");
    return { scope: found?.scope ?? null, script: found?.active?.scriptURL ?? null, coversPublicPages: publicPage !== undefined };
  });
}

test("a clerk turns notifications on and off for this phone in Account, twice, through the dashboard's service worker", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: PHONE });
  await context.grantPermissions(["notifications"], { origin: baseURL! });
  await context.addInitScript(fakePushManager);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("ServiceWorker.enable");
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => registrations.push(...updated));

  await signInAsStaff(page);
  // Every dashboard page names the manifest that makes it an app on a home screen.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = (await (await page.request.get(manifestHref!)).json()) as { start_url: string; scope: string; display: string; icons: { sizes: string }[] };
  expect(manifest).toMatchObject({ start_url: "/dashboard", scope: "/dashboard", display: "standalone" });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);

  await page.goto("/dashboard/account");
  const card = page.getByRole("region", { name: "Notifications" });
  await expect(card.getByText("None yet.")).toBeVisible();
  expect((await registration(page)).scope).toBeNull();

  for (const time of ["first", "second"]) {
    // This phone for appointments, contacts and repairs, not orders.
    await card.getByRole("group", { name: "Notify this device of" }).getByRole("checkbox", { name: "Orders" }).uncheck();
    await card.getByRole("button", { name: "Turn on notifications on this device" }).click();
    await expect(card.getByRole("status"), time).toHaveText("Notifications are on for this device.");
    const device = card.getByTestId("push-device");
    await expect(device, time).toHaveCount(1);
    await expect(device).toContainText("This device");
    for (const [list, checked] of [["Appointments", true], ["Orders", false], ["Contacts", true], ["Repairs", true]] as const) {
      await expect(device.getByRole("checkbox", { name: list }), `${time}: ${list}`).toBeChecked({ checked });
    }
    expect(await page.evaluate(() => (window as unknown as { serverKeyUsed: string }).serverKeyUsed)).toMatch(/^B[A-Za-z0-9_-]{86}$/);

    // The dashboard's own service worker serves /dashboard and nothing of the public site.
    expect(await registration(page)).toEqual({ scope: `${baseURL}/dashboard`, script: `${baseURL}/dashboard-sw.js`, coversPublicPages: false });

    // Come back: still on.
    await page.reload();
    await expect(card.getByRole("button", { name: "Turn off notifications on this device" }), time).toBeVisible();
    if (time === "first") {
      await expectNoAxeViolations(page);
      await expectNoIbmViolations(page, "account page, notifications on");
    }

    await card.getByRole("button", { name: "Turn off notifications on this device" }).click();
    await expect(card.getByRole("status"), time).toHaveText("Notifications are off for this device.");
    await expect(card.getByText("None yet."), time).toBeVisible();
    await expect(card.getByRole("button", { name: "Turn on notifications on this device" })).toBeVisible();
  }

  // A push that reaches the service worker becomes a notification that names the record.
  const dashboardWorker = registrations.find((found) => found.scopeURL === `${baseURL}/dashboard`);
  expect(dashboardWorker).toBeDefined();
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL!,
    registrationId: dashboardWorker!.registrationId,
    data: JSON.stringify({ title: "New appointment from Maya T.", body: "Repair, Tuesday at 2:00 PM", path: "/dashboard/appointments/1", tag: "/dashboard/appointments/1" }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.getRegistration("/dashboard"))!.getNotifications()).map((shown) => [shown.title, shown.body, (shown.data as { url: string }).url]),
      ),
    )
    .toEqual([["New appointment from Maya T.", "Repair, Tuesday at 2:00 PM", `${baseURL}/dashboard/appointments/1`]]);
  await context.close();
});

test("without JavaScript the account page says turning this device on needs it, and a device's lists are saved twice and it is turned off", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsStaff(page);
  await page.goto("/dashboard/account");
  const card = page.getByRole("region", { name: "Notifications" });
  await expect(card.getByText("Turning notifications on for this device needs JavaScript.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Turn on notifications on this device" })).toHaveCount(0);

  // A phone turned on earlier (its post as the account page's script sends it, with a browser's keys).
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const endpoint = `https://fcm.googleapis.com/fcm/send/browser-test-${randomUUID()}`;
  const turnedOn = await page.request.post("/dashboard/account/notifications", {
    headers: { Origin: baseURL! },
    form: { intent: "subscribe", endpoint, p256dh: keys.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url"), lists: "orders" },
  });
  expect(turnedOn.status()).toBe(200);

  await page.reload();
  const device = card.getByTestId("push-device");
  await expect(device).toHaveCount(1);
  for (const [time, list] of [["first", "Repairs"], ["second", "Contacts"]] as const) {
    await device.getByRole("checkbox", { name: list }).check();
    await device.getByRole("button", { name: /^Save lists/ }).click();
    await expect(page.getByText("Notification lists saved.")).toBeVisible();
    await expect(device.getByRole("checkbox", { name: list }), time).toBeChecked();
    await expect(device.getByRole("checkbox", { name: "Orders" }), time).toBeChecked();
  }
  // None ticked: refused by the lists, and nothing is lost.
  for (const list of ["Orders", "Contacts", "Repairs"]) await device.getByRole("checkbox", { name: list }).uncheck();
  await device.getByRole("button", { name: /^Save lists/ }).click();
  await expect(device.getByText("Choose at least one list to be notified of.")).toBeVisible();
  await expectNoAxeViolationsAsShown(page);
  await page.goto("/dashboard/account");
  await expect(device.getByRole("checkbox", { name: "Contacts" })).toBeChecked();

  await device.getByRole("button", { name: /^Turn off/ }).click();
  await expect(page.getByText("Notifications turned off for that device.")).toBeVisible();
  await expect(card.getByText("None yet.")).toBeVisible();
  await context.close();
});
