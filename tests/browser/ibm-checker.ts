import { expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// IBM's accessibility-checker-engine with its IBM_Accessibility rule set, run beside
// axe: it checks what axe does not (landmarks around every element, unique labels,
// WCAG 2.5.8's target spacing). Evaluated through the DevTools protocol, like axe,
// so it also runs on a page opened with JavaScript off.

const ACE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("accessibility-checker-engine/ace.js"), "utf8");

/**
 * IBM's engine flags autocomplete="username" on the login's e-mail field, which
 * the HTML standard allows (the field names the account: docs/decisions/097).
 */
const IBM_FALSE_POSITIVES = [{ ruleId: "input_autocomplete_valid", path: "/login", attributes: ['autocomplete="username"', 'type="email"'] }];

/** The IBM engine's violations (not its "potential" or "recommendation" results), one line each. */
export async function ibmViolations(page: Page) {
  // Evaluated through the DevTools protocol, like axe: the page's policy runs no script it did not name.
  await page.evaluate(`${ACE_SOURCE}\nwindow.ace = ace; undefined`);
  const results = await page.evaluate(async () => {
    const ace = (window as unknown as { ace: { Checker: new () => { check: (doc: Document, policies: string[]) => Promise<unknown> } } }).ace;
    const report = (await new ace.Checker().check(document, ["IBM_Accessibility"])) as {
      results: { ruleId: string; value: [string, string]; path: { dom: string }; message: string; snippet: string }[];
    };
    return report.results
      .filter((result) => result.value[0] === "VIOLATION" && result.value[1] === "FAIL")
      .map(({ ruleId, path, message, snippet }) => ({ ruleId, dom: path.dom, message, snippet }));
  });
  const pathname = new URL(page.url()).pathname;
  return results
    .filter(
      (result) =>
        !IBM_FALSE_POSITIVES.some(
          (known) => known.ruleId === result.ruleId &&
            known.path === pathname &&
            // In whatever order the render wrote the attributes.
            known.attributes.every((attribute) => result.snippet.includes(attribute)),
        ),
    )
    .map((result) => `${result.ruleId}: ${result.message} -> ${result.dom} ${result.snippet}`);
}

/** Zero IBM violations on the page as it is now; `where` names it in a failure. */
export async function expectNoIbmViolations(page: Page, where: string) {
  expect(await ibmViolations(page), where).toEqual([]);
}
