import { describe, expect, it } from "vitest";
import { get } from "./helpers";

// Every section-9 figure of the product spec, as a visitor reads it on each page.
const expected = {
  "/acima": [
    "Up to $4,000",
    "12 months",
    "About 10–14 days",
    "Within 90 days",
    "for the cash price plus a small fee",
    "Weekly, biweekly or monthly",
    "You are 18 or older",
    "An income of at least $1,000 a month",
    "A checking account open for at least 90 days",
    "A government-issued photo ID",
  ],
  "/snap": [
    "Up to $5,000",
    "100 days",
    "to buy out your lease early",
    "Weekly, biweekly or monthly",
    "You are 18 or older",
    "A checking account",
    "A steady income",
    "A photo ID",
  ],
};

describe("financing pages", () => {
  for (const [path, figures] of Object.entries(expected)) {
    it(`${path} states every term and qualification`, async () => {
      const response = await get(path);
      expect(response.status).toBe(200);
      const text = (await response.text()).replace(/<!-- -->/g, "");
      for (const figure of figures) expect(text, figure).toContain(figure);
    });
  }
});
