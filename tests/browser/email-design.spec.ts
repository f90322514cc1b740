// The e-mails as a reader sees them (issue 43, decision 147): every kind rendered in Chromium at a phone's
// 390 px and a desktop client's 600 px, in light and dark mode, each screenshot attached to the test's
// results; the Nu validator finds no error in any; what a visitor typed stays text. And React Email loads
// only when an e-mail is made: no chunk the Worker or a page render loads statically contains it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "../../app/config/store";
import { leadEmail } from "../../app/leads/staff-email";
import { bookingConfirmationEmail } from "../../app/messaging/visitor-messages";
import { emailSamples, HOSTILE_NAME } from "../support/email-samples";
import { nuValidator } from "../support/node-checkers";

const WIDTHS = [390, 600] as const;
const SCHEMES = ["light", "dark"] as const;

/** The page's background and text colours where the reader looks: the heading and its card. */
async function headingColours(page: Page) {
  return page.locator("h1").evaluate((heading) => {
    let element: Element | null = heading;
    let background = "rgba(0, 0, 0, 0)";
    while (element && background === "rgba(0, 0, 0, 0)") {
      background = getComputedStyle(element).backgroundColor;
      element = element.parentElement;
    }
    return { text: getComputedStyle(heading).color, background };
  });
}

/** "rgb(r, g, b)" → its relative luminance (WCAG). */
function luminance(colour: string): number {
  const [r, g, b] = colour.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((value) => {
    const channel = Number(value) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test.describe("the e-mails", () => {
  test("every kind, at 390 and 600 px, light and dark: the wordmark, one button, the store's address, nothing cut off", async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const samples = await emailSamples();
    for (const width of WIDTHS) {
      for (const colorScheme of SCHEMES) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
        const page = await context.newPage();
        // An e-mail loads nothing from the network; a request would be a mistake in the design.
        const requests: string[] = [];
        page.on("request", (request) => {
          if (!request.url().startsWith("data:")) requests.push(request.url());
        });
        for (const { kind, variant, email } of samples) {
          const name = `${kind}${variant ? `-${variant}` : ""}-${width}-${colorScheme}`;
          await page.setContent(email.html);
          const shot = await page.screenshot({ fullPage: true, path: testInfo.outputPath(`${name}.png`) });
          await testInfo.attach(name, { body: shot, contentType: "image/png" });

          await expect(page.getByText("Bartlett", { exact: true }), name).toBeVisible();
          await expect(page.getByText("Fine Jewelry", { exact: true }), name).toBeVisible();
          await expect(page.getByRole("link", { name: "6000 Stage Rd, Suite 104, Bartlett, TN 38134" }), name).toBeVisible();
          await expect(page.getByText("Mon–Sat 11 AM–6 PM · Sun 11 AM–7 PM", { exact: true }).last(), name).toBeVisible();
          // Nothing wider than the screen: no sideways scrolling on a phone.
          expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
          // At most one button, gold, ink on it, a thumb's height.
          const buttons = page.locator("a.em-button");
          expect(await buttons.count(), name).toBeLessThanOrEqual(1);
          if ((await buttons.count()) === 1) {
            const box = (await buttons.boundingBox())!;
            expect(box.height, name).toBeGreaterThanOrEqual(44);
            const colours = await buttons.evaluate((link) => ({ text: getComputedStyle(link).color, background: getComputedStyle(link).backgroundColor }));
            expect(contrast(colours.text, colours.background), name).toBeGreaterThanOrEqual(4.5);
          }
          // The heading reads on its card, and dark mode is dark.
          const heading = await headingColours(page);
          expect(contrast(heading.text, heading.background), name).toBeGreaterThanOrEqual(7);
          if (colorScheme === "dark") expect(luminance(heading.background), name).toBeLessThan(0.05);
          else expect(luminance(heading.background), name).toBeGreaterThan(0.85);
        }
        expect(requests).toEqual([]);
        await context.close();
      }
    }
  });

  test("the Nu validator finds no error in any kind", async () => {
    test.setTimeout(120_000);
    const samples = await emailSamples();
    const response = await nuValidator(new Request("http://nu-validator/", { method: "POST", body: JSON.stringify({ documents: samples.map((sample) => sample.email.html) }) }));
    const { results } = (await response.json()) as { results: { type: string; subType?: string; message: string }[][] };
    const errors = results.flatMap((messages, index) =>
      messages.filter((message) => message.type === "error" || message.subType === "fatal").map((message) => `${samples[index]!.kind}: ${message.message}`),
    );
    expect(errors).toEqual([]);
    expect(results).toHaveLength(samples.length);
  });

  test("what a visitor typed is shown as text, in the HTML and the plain-text part", async ({ page }) => {
    const links = { manage: siteUrl("/appointment/t"), calendar: siteUrl("/calendar/r.ics") };
    const booking = await bookingConfirmationEmail("a@example.com", { name: HOSTILE_NAME, date: "2026-12-08", time: "2:00 PM", service: "Repair" }, links, "");
    const contact = await leadEmail("contact", [["Name", HOSTILE_NAME], ["Message", `<script>alert(1)</script> <a href="https://evil.example">win</a>`]]);
    for (const email of [booking, contact]) {
      expect(email.html).not.toContain("<b>x</b>");
      expect(email.html).not.toContain("<script>alert");
      expect(email.html).not.toContain('href="https://evil.example"');
      await page.setContent(email.html);
      await expect(page.getByRole("paragraph").filter({ hasText: HOSTILE_NAME }).first()).toBeVisible();
      expect(await page.locator("b, script:not([type]), a[href='https://evil.example']").count()).toBe(0);
    }
    expect(booking.html).toContain("Hi &lt;b&gt;x&lt;/b&gt; &amp; &quot;quotes&quot;");
    expect(booking.text).toContain(`Hi ${HOSTILE_NAME},`);
    await page.setContent(contact.html);
    await expect(page.getByRole("paragraph").filter({ hasText: `<script>alert(1)</script> <a href="https://evil.example">win</a>` })).toBeVisible();
  });
});

test.describe("React Email loads only with an e-mail", () => {
  // The Worker's entry loads at startup, and the server build at the first page it renders (decision 118):
  // every chunk either one imports statically loads then. React Email must be in none of them.
  const folder = "build/server";
  const read = (file: string) => readFileSync(join(folder, file), "utf8");
  /** A chunk's imports, as paths under build/server: `from"./x.js"` (static) or `import(\`./x.js\`)` (on demand). */
  function importsOf(file: string, kind: "static" | "dynamic"): string[] {
    const pattern = kind === "static" ? /\bfrom\s*["'`](\.\/[^"'`]+\.js)["'`]/g : /\bimport\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g;
    return [...read(file).matchAll(pattern)].map((match) => join(dirname(file), match[1]!));
  }
  function loadedWith(entry: string): Set<string> {
    const seen = new Set<string>();
    const queue = [entry];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...importsOf(file, "static"));
    }
    return seen;
  }
  /** Only React Email's elements carry this mark (react-email's element marker). */
  const REACT_EMAIL = "react-email.element";

  test("neither the Worker's startup nor a page render loads it; only making an e-mail does", () => {
    const render = importsOf("index.js", "dynamic").find((file) => /render-[\w-]+\.js$/.test(file))!;
    const serverBuild = importsOf(render, "dynamic").find((file) => /server-build-[\w-]+\.js$/.test(file))!;
    expect(serverBuild).toBeTruthy();
    const loadedBeforeAnyEmail = new Set([...loadedWith("index.js"), ...loadedWith(render), ...loadedWith(serverBuild)]);
    expect([...loadedBeforeAnyEmail].filter((file) => read(file).includes(REACT_EMAIL))).toEqual([]);

    // It is in the build, in a chunk that only a dynamic import reaches.
    const chunks = readdirSync(join(folder, "assets")).filter((name) => name.endsWith(".js")).map((name) => join("assets", name));
    const withReactEmail = chunks.filter((file) => read(file).includes(REACT_EMAIL));
    expect(withReactEmail).toHaveLength(1);
    const [emailChunk] = withReactEmail;
    expect(chunks.filter((file) => importsOf(file, "static").includes(emailChunk!))).toEqual([]);
    expect(chunks.filter((file) => importsOf(file, "dynamic").includes(emailChunk!)).length).toBeGreaterThan(0);
  });
});
