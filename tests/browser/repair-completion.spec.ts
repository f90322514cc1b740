import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { signInAsStaff, uniqueName, uniquePhone } from "./fixtures";
import { expectNoAxeViolations } from "./dashboard-helpers";
import { choosePhoto, expectTarget44, logRepair, PHOTOS } from "./repair-helpers";
import { startPageScripts } from "../support/page-scripts";
import { padded } from "../support/crafted-photos";

// Issue 41's completion photos, on a phone (390 px) at the bench, with JavaScript on and off, twice each: the clerk
// opens the repair's page, a file that is no photo is refused beside the field with the page kept, then two photos
// of the finished work (one the size a phone's camera makes) show in their own card, apart from the intake photo.

const PHONE = { width: 390, height: 844 };
/** A photo the size a phone's camera makes: far over the 64 KB that other forms are held to. */
const cameraPhoto = () => ({ name: "finished.png", mimeType: "image/png", buffer: Buffer.from(padded("png", readFileSync(`${PHOTOS}/ring.png`), 3 * 1024 * 1024)) });

for (const js of [true, false]) {
  for (const round of [1, 2]) {
    test(`${js ? "with" : "without"} JavaScript (${round}): completion photos, a refused file kept by the field, shown apart from the intake photo`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ javaScriptEnabled: js, viewport: PHONE });
      const page = await context.newPage();
      await signInAsStaff(page);
      await logRepair(page, uniqueName(`Bench ${js ? "JS" : "NoJS"} ${round}`), uniquePhone(), async () => {
        if (js) await startPageScripts(page);
        await choosePhoto(page, 1, "ring.jpg");
      });
      await page.getByRole("link", { name: "← Back to the repair" }).click();
      if (js) await startPageScripts(page);
      const card = page.getByRole("region", { name: "Completion photos" });
      await expect(card).toContainText("None yet");

      // A file that is no photo: refused beside the field, on the repair's page, nothing stored.
      await choosePhoto(page, 1, "../../../package.json");
      await card.getByRole("button", { name: "Add photos" }).click();
      await expect(card.getByText("“package.json” is not a photo we can take.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: /^Repair / })).toBeVisible();
      await expect(page.getByLabel("Photo 1", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(card.getByRole("img")).toHaveCount(0);

      await choosePhoto(page, 1, "ring.webp");
      // With JavaScript the next slot shows once the one before is filled; without it, all six are there.
      await choosePhoto(page, 2, cameraPhoto());
      await expectTarget44(card.getByRole("button", { name: "Add photos" }), "Add photos");
      await card.getByRole("button", { name: "Add photos" }).click();
      await expect(page.getByRole("status").filter({ hasText: "2 completion photos added." })).toBeVisible();

      // In their own card, drawn; the intake photo stays with the details.
      const finished = card.getByRole("img", { name: /^Completion photo \d$/ });
      await expect(finished).toHaveCount(2);
      for (const photo of await finished.all()) await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await expect(card.getByRole("img", { name: /^Intake photo/ })).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Details" }).getByRole("img", { name: "Intake photo 1" })).toBeVisible();
      await expect(card).toContainText("Up to 4 photos of the finished work");
      await expect(page.getByLabel("Photo 1", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
      if (js) await expectNoAxeViolations(page);
      await context.close();
    });
  }
}
