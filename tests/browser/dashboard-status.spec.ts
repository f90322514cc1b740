import { expect, test } from "@playwright/test";
import { signInAsStaff, uniqueName } from "./fixtures";
import { rowOf, sendContactMessage } from "./dashboard-helpers";

// Staff change a lead's status from its row: with JavaScript through a
// fetcher (the page stays put), without it through a plain form post.

test("with JavaScript, a row's status saves through a fetcher without leaving or reloading the list", async ({ browser, page }) => {
  const name = uniqueName("Status JS");
  await sendContactMessage(browser, name);
  await signInAsStaff(page);
  await page.goto(`/dashboard?tab=contacts&q=${encodeURIComponent(name)}`);
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));

  const requests: { method: string; url: URL }[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "fetch" || request.resourceType() === "document") {
      requests.push({ method: request.method(), url: new URL(request.url()) });
    }
  });
  await row.getByRole("combobox", { name: `Status of ${name}` }).selectOption("contacted");
  await row.getByRole("button", { name: `Save status of ${name}` }).click();
  await expect(row.getByText("Saved")).toBeVisible();

  // One fetcher post; React Router may refresh the layout's data after it, but
  // never the inbox's (reloading the list would count as opening the tab again).
  expect(requests.filter((request) => request.method === "POST").map((request) => request.url.pathname)).toEqual([
    expect.stringMatching(/^\/dashboard\/contacts\/\d+\.data$/),
  ]);
  for (const request of requests.filter((request) => request.method === "GET" && request.url.pathname === "/dashboard.data")) {
    const routes = request.url.searchParams.get("_routes");
    expect(routes, "a reload of every loader").not.toBeNull();
    expect(routes!.split(",")).not.toContain("routes/dashboard");
  }
  expect(requests.some((request) => request.method === "GET" && request.url.pathname === "/dashboard")).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);

  await page.reload();
  await expect(rowOf(page, name).getByRole("combobox")).toHaveValue("contacted");
});

test("with JavaScript, the record page saves a status and adds a note", async ({ browser, page }) => {
  const name = uniqueName("Note JS");
  await sendContactMessage(browser, name);
  await signInAsStaff(page);
  await page.goto(`/dashboard?tab=contacts&q=${encodeURIComponent(name)}`);
  await rowOf(page, name).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("done");
  await page.getByRole("button", { name: "Save status", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Status saved." })).toBeVisible();
  await page.getByLabel("Add a note").fill("Sold her a 14K chain.");
  await page.getByRole("button", { name: "Add note", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("list", { name: "Timeline, newest first" })).toContainText("Sold her a 14K chain.");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("done");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a row's status saves with a plain form post and the list comes back with a toast", async ({ browser, page }) => {
    const name = uniqueName("Status NoJS");
    await sendContactMessage(browser, name);
    await signInAsStaff(page);
    await page.goto(`/dashboard?tab=contacts&q=${encodeURIComponent(name)}`);
    const row = rowOf(page, name);
    await row.getByRole("combobox").selectOption("done");
    await row.getByRole("button", { name: /^Save/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Status set to Done." })).toBeVisible();
    // Back on the same list: same tab and search.
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ tab: "contacts", q: name });
    await expect(rowOf(page, name).getByRole("combobox")).toHaveValue("done");
  });

  test("the inbox does not claim to connect for live updates it cannot get", async ({ page }) => {
    await signInAsStaff(page);
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expect(page.getByText("Connecting…")).toHaveCount(0);
    await expect(page.locator("[data-live]")).toHaveCount(0);
  });

  test("tabs, search, status filter and the upcoming/past views are plain links and forms", async ({ browser, page }) => {
    const name = uniqueName("Filter NoJS");
    await sendContactMessage(browser, name, "filter.nojs@example.com");
    await signInAsStaff(page);

    await page.getByRole("link", { name: /^Orders/ }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=orders$/);
    await page.getByRole("link", { name: /^Appointments/ }).click();
    await page.getByRole("link", { name: "Upcoming" }).click();
    await expect(page).toHaveURL(/tab=appointments&when=upcoming/);
    await page.getByRole("link", { name: /^Contacts/ }).click();

    await page.getByLabel("Search name, e-mail or phone").fill("filter.nojs@");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/tab=contacts&q=filter\.nojs%40/);
    await expect(rowOf(page, name)).toBeVisible();

    await page.getByLabel("Status", { exact: true }).selectOption("spam");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No contacts found.")).toBeVisible();
  });
});
