import { expect, test, type BrowserContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { freshAddress, newColleague, signInWithPassword } from "./fixtures";

// A stranger who fails on a staff member's e-mail pauses unknown browsers, never
// the browser that member signs in with (docs/decisions/055). Walked as staff do
// it: with JavaScript on (the form posts to /login.data), and without.

/** Seven wrong passwords for the e-mail from a stranger's own address; the account's pause has begun by the last. */
async function strangerFails(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, email: string) {
  const stranger = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress(), Origin: baseURL } });
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const response = await stranger.post("/login", { form: { email, password: `not-it-${i}-password` }, maxRedirects: 0 });
    statuses.push(response.status());
  }
  await stranger.dispose();
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
}

/** Only the session: the browser keeps everything else it had, as after the 12 hours or a sign-out. */
async function endSessionOnly(context: BrowserContext) {
  await context.clearCookies({ name: "staff_session" });
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript on" : "with JavaScript off";

  test(`a stranger's wrong passwords do not pause the browser a member signed in with before, ${mode}`, async ({ browser, playwright, baseURL }) => {
    test.setTimeout(60_000);
    const colleague = await newColleague(browser);
    const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
    const page = await context.newPage();
    const dataPosts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/login.data") dataPosts.push(request.url());
    });
    await signInWithPassword(page, colleague);
    await page.waitForURL("**/dashboard");
    // The form went the way each kind of browser sends it.
    expect(dataPosts.length > 0).toBe(javaScriptEnabled);

    await endSessionOnly(context);
    await strangerFails(playwright, baseURL!, colleague.email);

    // A browser that never signed in is paused, even with the right password...
    const unknown = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
    const unknownPage = await unknown.newPage();
    await signInWithPassword(unknownPage, colleague);
    await expect(unknownPage.getByText(/sign-in is paused/)).toBeVisible();
    await unknown.close();

    // ...the member's own browser is not.
    await signInWithPassword(page, colleague);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await context.close();
  });
}

test("a browser that signed in with a passkey is not paused by a stranger either (JavaScript on)", async ({ browser, playwright, baseURL }) => {
  test.setTimeout(60_000);
  const colleague = await newColleague(browser);
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": freshAddress() } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await signInWithPassword(page, colleague);
  await page.waitForURL("**/dashboard");
  await page.goto("/dashboard/account");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("status")).toContainText("Passkey added");

  // Every cookie goes: what this browser knows next comes from the passkey sign-in alone.
  await context.clearCookies();
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL("**/dashboard");

  await endSessionOnly(context);
  await strangerFails(playwright, baseURL!, colleague.email);
  await signInWithPassword(page, colleague);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await context.close();
});
