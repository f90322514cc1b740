import { expect, test } from "@playwright/test";
import { freshAddress, TEST_STAFF } from "./fixtures";

// Passkeys through Chromium's virtual authenticator (DevTools protocol, WebAuthn domain).

test("staff add a passkey on the account page and sign in with it, even while password tries are paused", async ({ browser, baseURL }) => {
  // A visitor address of its own, so pausing it cannot disturb other tests.
  const address = freshAddress();
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": address } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto("/login");
  await page.getByRole("textbox", { name: /^E-mail/ }).fill(TEST_STAFF.email);
  await page.getByLabel(/^Password/).fill(TEST_STAFF.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/dashboard");

  await page.goto("/dashboard/account");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  const before = await passkeys.getByTestId("passkey").count();
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("status")).toContainText("Passkey added");
  await expect(passkeys.getByTestId("passkey")).toHaveCount(before + 1);
  await expect(passkeys.getByTestId("passkey").last()).toContainText("not used yet");
  // The owner's audit trail records it (the test account is the owner).
  await page.goto("/dashboard/audit");
  await expect(page.getByTestId("audit-entry").filter({ hasText: "Added a passkey" }).first()).toBeVisible();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL("**/login");

  // Five wrong passwords from this address pause password sign-in for unknown devices here...
  for (let i = 0; i < 5; i++) {
    const response = await context.request.post(`${baseURL}/login`, {
      form: { email: `nobody-${i}-${address.replaceAll(":", "-")}@example.com`, password: "wrong-password" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(401);
  }
  await page.getByRole("textbox", { name: /^E-mail/ }).fill("someone-else@example.com");
  await page.getByLabel(/^Password/).fill("another-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(/sign-in is paused/)).toBeVisible();

  // ...and the passkey still signs in.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goto("/dashboard/account");
  await expect(page.getByRole("region", { name: "Passkeys" }).getByTestId("passkey").last()).toContainText("last used");

  // And the second time, once the authenticator's signature counter has moved on.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL("**/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // A fresh sign-in page runs no script until the clerk reaches for it (decision 138); one tap on the
  // passkey button, made before its scripts ran, still signs in.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL("**/login");
  await page.goto("/login");
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});

test("without JavaScript the pages say passkeys need it, and the password still signs in", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByText("Signing in with a passkey needs JavaScript. The password form works without it.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  await page.getByRole("textbox", { name: /^E-mail/ }).fill(TEST_STAFF.email);
  await page.getByLabel(/^Password/).fill(TEST_STAFF.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/dashboard");
  await page.goto("/dashboard/account");
  await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await expect(page.getByText("Adding a passkey needs JavaScript. Turn it on for this page to add one.")).toBeVisible();
  await context.close();
});
