import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { count, get, postForm } from "./helpers";
import { flashToast, issueToken, postLead, rows, textOf, uniqueIp } from "./lead-helpers";

const valid = {
  name: "Lin Custom",
  phone: "901 555 0111",
  email: "lin@example.com",
  jewelryType: "Custom Ring",
  materialPreferences: "Gold Rose",
  diamondSelection: "Moissanite",
};

type StoredOrder = { jewelry_type: string; material_preferences: string; diamond_selection: string };

async function storedOrder(name: string): Promise<StoredOrder | undefined> {
  const [row] = await rows<StoredOrder>(
    "SELECT jewelry_type, material_preferences, diamond_selection FROM orders WHERE name = ?",
    name,
  );
  return row;
}

describe("order page", () => {
  it("is the Order Online Form, with the note about sketches and photos", async () => {
    const text = await textOf(await get("/orderOnline"));
    expect(text).toContain("Order Online Form");
    expect(text).toMatch(/sketch or a photo\? E-mail it to .+ or send it to us on WhatsApp/);
  });

  it("lists exactly the options of each select", async () => {
    const html = await (await get("/orderOnline")).text();
    const options = (name: string) => {
      const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
      return [...select.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]).filter(Boolean);
    };
    expect(options("jewelryType")).toEqual(["Custom Charm", "Custom Grillz", "Custom Ring", "Custom Watch", "Other"]);
    expect(options("materialPreferences")).toEqual(["Gold Yellow", "Gold White", "Gold Rose", "Silver", "Platinum", "Other"]);
    expect(options("diamondSelection")).toEqual(["Authentic Diamond", "Synthetic Diamonds", "Moissanite", "Other"]);
  });

  it("has the three 'Other' boxes on the page for visitors without JavaScript", async () => {
    const html = await (await get("/orderOnline")).text();
    for (const name of ["jewelryTypeOther", "materialPreferencesOther", "diamondSelectionOther"]) {
      expect(html).toContain(`name="${name}"`);
    }
  });
});

describe("order form: validation (400, message next to the field, nothing stored)", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["a missing name", { name: "" }, "Please enter your name."],
    ["a missing phone", { phone: "" }, "Please enter your phone number."],
    ["a phone of 6 characters", { phone: "555 01" }, "Enter a 10-digit phone number with its area code"],
    ["a missing e-mail", { email: "" }, "Please enter your e-mail address."],
    ["a malformed e-mail", { email: "lin.example.com" }, "Enter a valid e-mail address, like name@example.com."],
    ["a missing jewelry type", { jewelryType: "" }, "Please choose a jewelry type."],
    ["an unknown jewelry type", { jewelryType: "Crown" }, "Please choose a jewelry type."],
    ["a missing material", { materialPreferences: "" }, "Please choose a material."],
    ["an unknown material", { materialPreferences: "Bronze" }, "Please choose a material."],
    ["a missing diamond option", { diamondSelection: "" }, "Please choose a diamond option."],
    ["an unknown diamond option", { diamondSelection: "Glass" }, "Please choose a diamond option."],
    ["'Other' jewelry without words", { jewelryType: "Other" }, "Please describe the jewelry type."],
    ["'Other' material without words", { materialPreferences: "Other", materialPreferencesOther: "  " }, "Please describe the material."],
    ["'Other' diamond without words", { diamondSelection: "Other" }, "Please describe the diamond or stone."],
    ["an 'Other' text over 100 characters", { jewelryType: "Other", jewelryTypeOther: "x".repeat(101) }, "Description must be 100 characters or fewer."],
    ["an 'Other' text with a line break", { diamondSelection: "Other", diamondSelectionOther: "Ruby\nBcc: x" }, "Description contains characters we can't accept."],
  ];

  for (const [label, change, message] of cases) {
    it(`refuses ${label}`, async () => {
      const before = await count("orders");
      const response = await postLead("/orderOnline", "order", { ...valid, ...change });
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain(message);
      expect(await count("orders")).toBe(before);
    });
  }

  it("asks for the words of an 'Other' even while other fields are still wrong", async () => {
    const response = await postLead("/orderOnline", "order", { ...valid, name: "", jewelryType: "Other" });
    const text = await textOf(response);
    expect(text).toContain("Please enter your name.");
    expect(text).toContain("Please describe the jewelry type.");
  });
});

describe("order form: success", () => {
  it("stores the choices, redirects with the toast and queues the staff e-mail", async () => {
    const response = await postLead("/orderOnline", "order", { ...valid, name: "Plain Order" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/orderOnline");
    expect(await flashToast(response)).toMatchObject({ type: "success", message: "Thank you for your order request. We'll call you within one business day." });
    expect(await storedOrder("Plain Order")).toEqual({
      jewelry_type: "Custom Ring",
      material_preferences: "Gold Rose",
      diamond_selection: "Moissanite",
    });
    const outbox = await rows<{ subject: string }>(
      "SELECT o.subject FROM outbox o JOIN orders r ON r.id = o.record_id AND o.kind = 'order' WHERE r.name = 'Plain Order'",
    );
    expect(outbox).toEqual([{ subject: "New custom order request" }]);
  });

  it("stores the visitor's words in place of each 'Other'", async () => {
    const response = await postLead("/orderOnline", "order", {
      ...valid,
      name: "All Other",
      jewelryType: "Other",
      jewelryTypeOther: "  Nose chain ",
      materialPreferences: "Other",
      materialPreferencesOther: "Titanium",
      diamondSelection: "Other",
      diamondSelectionOther: "Sapphire",
    });
    expect(response.status).toBe(302);
    expect(await storedOrder("All Other")).toEqual({
      jewelry_type: "Nose chain",
      material_preferences: "Titanium",
      diamond_selection: "Sapphire",
    });
  });

  it("ignores an 'Other' text when its select names a real option (the no-JS page always sends the boxes)", async () => {
    const response = await postLead("/orderOnline", "order", { ...valid, name: "Stray Text", jewelryTypeOther: "Leftover words" });
    expect(response.status).toBe(302);
    expect((await storedOrder("Stray Text"))?.jewelry_type).toBe("Custom Ring");
  });
});

describe("order form: never twice, never silently dropped", () => {
  it("stores one order when the same form is sent three times", async () => {
    const fields = { ...valid, name: "Thrice Sent", submissionToken: await issueToken("order") };
    const ip = uniqueIp();
    const answers = await Promise.all([1, 2, 3].map(() => postLead("/orderOnline", "order", fields, ip)));
    for (const response of answers) {
      expect(response.status).toBe(302);
      expect((await flashToast(response))?.message).toBe("Thank you for your order request. We'll call you within one business day.");
    }
    expect(await rows("SELECT id FROM orders WHERE name = 'Thrice Sent'")).toHaveLength(1);
  });

  it("refuses a filled honeypot", async () => {
    const before = await count("orders");
    expect((await postLead("/orderOnline", "order", { ...valid, website: "x" })).status).toBe(400);
    expect(await count("orders")).toBe(before);
  });

  it("refuses an expired form with a clear message and keeps it", async () => {
    const response = await postLead("/orderOnline", "order", {
      ...valid,
      name: "Late Visitor",
      submissionToken: await issueToken("order", Date.now() - 2 * 24 * 60 * 60 * 1000),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("This form has expired. Please submit it again.");
    expect(html).toContain('value="Late Visitor"');
  });

  it("answers the 6th order in a row from one visitor with 429", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await postLead("/orderOnline", "order", valid, ip)).status).toBe(302);
    const limited = await postLead("/orderOnline", "order", valid, ip);
    expect(limited.status).toBe(429);
    expect(await textOf(limited)).toContain("Too many submissions from your connection.");
  });

  it("answers 503 with the failure toast and keeps the choices", async () => {
    await env.DB.exec(
      "CREATE TRIGGER IF NOT EXISTS test_order_fail BEFORE INSERT ON orders WHEN NEW.name = 'Broken Order' BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    try {
      const response = await postLead("/orderOnline", "order", { ...valid, name: "Broken Order" });
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Failed to submit order. Please try again.");
      expect(html).toMatch(/<option value="Gold Rose" selected="">/);
    } finally {
      await env.DB.exec("DROP TRIGGER test_order_fail");
    }
  });
});

describe("rejected input on every lead form", () => {
  for (const path of ["/contactus", "/orderOnline", "/book"]) {
    it(`${path}: an oversized body gets 413 and a JSON body 415, never a 500`, async () => {
      const big = await postForm(path, { name: "x".repeat(70 * 1024) }, { "CF-Connecting-IP": uniqueIp() });
      expect(big.status).toBe(413);
      const json = await postForm(path, {}, { "Content-Type": "application/json" });
      expect(json.status).toBe(415);
    });
  }
});
