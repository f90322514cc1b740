import { expect, test, type APIRequestContext } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rowOf, sendContactMessage } from "./dashboard-helpers";
import { signInAsStaff, uniqueName } from "./fixtures";
import { inDays, logRepair } from "./repair-helpers";
import { PUBLIC_PAGES } from "../support/public-pages";

// Every page's HTML as the server sends it, checked by the Nu HTML Checker (the
// W3C validator's own engine, from the vnu-jar package): no error and no warning.

const VNU_JAR = join(createRequire(import.meta.url).resolve("vnu-jar"), "..", "build", "dist", "vnu.jar");

interface NuMessage {
  type: string;
  subType?: string;
  message: string;
  url: string;
  lastLine?: number;
  extract?: string;
}

/** The checker's errors and warnings for these documents (its "info" notes aside), one line each. */
function nuProblems(documents: Map<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), "nu-check-"));
  try {
    const files = [...documents].map(([path, html], index) => {
      const file = join(dir, `${index}.html`);
      writeFileSync(file, html);
      return { file, path };
    });
    // --exit-zero-always: the report, not the exit code, says what is wrong.
    const report = execFileSync(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", ...files.map((f) => f.file)],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(report) as { messages: NuMessage[] };
    const pathOf = (url: string) => files.find((f) => url.endsWith(`/${f.file.split("/").pop()}`))?.path ?? url;
    return messages
      .filter((m) => m.type === "error" || m.type === "non-document-error" || m.subType === "warning")
      .map((m) => `${pathOf(m.url)}:${m.lastLine ?? "?"} ${m.type}${m.subType ? `/${m.subType}` : ""}: ${m.message} [${(m.extract ?? "").trim()}]`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function served(request: APIRequestContext, paths: string[]): Promise<Map<string, string>> {
  const documents = new Map<string, string>();
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.headers()["content-type"], path).toContain("text/html");
    documents.set(path, await response.text());
  }
  return documents;
}

test("the public pages, the 404 and the sign-in page are valid HTML", async ({ request }) => {
  const documents = await served(request, [...PUBLIC_PAGES, "/no-such-page", "/login", "/invite/not-a-real-token", "/repair"]);
  // Each one rendered its page: a failure page would be checked in its place.
  for (const [path, html] of documents) expect(html, path).toMatch(/<h1[\s>]/);
  expect(nuProblems(documents)).toEqual([]);
});

test("the staff pages are valid HTML", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const name = uniqueName("Valid Html");
  await sendContactMessage(browser, name);
  await signInAsStaff(page);
  await page.goto("/dashboard?tab=contacts");
  await rowOf(page, name).getByRole("link", { name, exact: true }).click();
  await page.waitForURL(/\/dashboard\/contacts\/\d+/);
  const record = new URL(page.url()).pathname;

  // page.request carries the signed-in page's cookies.
  const paths = ["/dashboard", "/dashboard?tab=orders", "/dashboard?tab=contacts&q=valid", "/dashboard/account", "/dashboard/staff", "/dashboard/audit", "/dashboard/no-such-page", record];
  const documents = await served(page.request, paths);
  for (const [path, html] of documents) expect(html, path).toContain("Sign out");
  expect(nuProblems(documents)).toEqual([]);
});

test("the repair pages are valid HTML, the staff's and the customer's", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsStaff(page);
  const ticket = await logRepair(page, uniqueName("Valid Repair"), "901-555-0190");
  const ticketPage = new URL(page.url()).pathname;
  const repairPage = ticketPage.replace(/\/ticket$/, "");

  const staffPages = await served(page.request, ["/dashboard/repairs", "/dashboard/repairs/new", repairPage, ticketPage]);
  // A save over a colleague's newer change: the answer, with its notice above the clerk's kept choices.
  const save = (estimate: string) =>
    page.request.post(repairPage, {
      form: { intent: "status", status: "in_progress", version: "1", estimate, promisedDate: inDays(5), shownPromisedDate: inDays(5) },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
  expect((await save("85")).status()).toBe(302);
  const conflict = await save("95");
  expect(conflict.status()).toBe(409);
  staffPages.set(`${repairPage} (conflict)`, await conflict.text());
  expect(staffPages.get(`${repairPage} (conflict)`)).toContain('data-testid="save-conflict"');
  for (const [path, html] of staffPages) expect(html, path).toContain("Sign out");
  // The customer's page as the claim ticket's QR code opens it, and its answer to a look-up.
  const lookUp = await page.request.post("/repair", { form: { ticket, last4: "0190" }, headers: { Origin: new URL(page.url()).origin } });
  const customerPages = new Map([[`/repair?ticket=${ticket}`, await (await page.request.get(`/repair?ticket=${ticket}`)).text()], ["/repair (found)", await lookUp.text()]]);
  expect(customerPages.get("/repair (found)")).toContain(ticket);
  expect(nuProblems(new Map([...staffPages, ...customerPages]))).toEqual([]);
});

test("the checker is running: it finds the errors of a broken page", () => {
  const problems = nuProblems(new Map([["/broken", '<!DOCTYPE html><html lang="en"><title>x</title><div><figcaption>a</figcaption></div>']]));
  expect(problems.join("\n")).toMatch(/figcaption/);
});
