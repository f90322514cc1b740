import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createStaff, signIn } from "./helpers";
import { getWithCookie, relHref, rowsIn, seedContacts } from "./dashboard-helpers";

// 10,000 contact messages seeded straight into D1; every page of the inbox,
// every search and the CSV export must stay correct and cheap. Three rows
// share each timestamp, so the id tie-break of the keyset is exercised too.

const TOTAL = 10_000;
const BASE = Date.UTC(2026, 9, 1, 15);
const pad = (n: number) => String(n).padStart(4, "0");
const isZebulon = (i: number) => i % 100 === 0;
const isSpam = (i: number) => i % 7 === 0;

let cookie = "";

beforeAll(async () => {
  await seedContacts(
    Array.from({ length: TOTAL }, (_, i) => ({
      name: isZebulon(i) ? `Zebulon Quartz ${i}` : `Scale Person ${i}`,
      email: `person${i}@scale.example`,
      phone: `(901) 555-${pad(i)}`,
      message: `Message ${i}`,
      createdAt: BASE - Math.floor(i / 3) * 60_000,
      status: isSpam(i) ? "spam" : "new",
    })),
  );
  cookie = await signIn(await createStaff());
}, 60_000);

/** The ids in the order the inbox must show them, straight from D1. */
async function expectedIds(where = "1 = 1") {
  const { results } = await env.DB.prepare(`SELECT id FROM contact_messages WHERE ${where} ORDER BY created_at DESC, id DESC`).all<{ id: number }>();
  return results.map((row) => row.id);
}

/** Rows D1 read to build the page, from the Server-Timing header the inbox sends. */
function rowsRead(response: Response) {
  const match = /desc="(\d+) rows read"/.exec(response.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no Server-Timing rows count");
  return Number(match[1]);
}

interface Walk {
  pages: number[][];
  maxRowsRead: number;
}

async function walk(start: string, rel: "next" | "prev" = "next", limit = 1000): Promise<Walk> {
  const pages: number[][] = [];
  let maxRowsRead = 0;
  let path: string | null = start;
  while (path && pages.length < limit) {
    const response = await getWithCookie(path, cookie);
    expect(response.status, path).toBe(200);
    maxRowsRead = Math.max(maxRowsRead, rowsRead(response));
    const html = await response.text();
    pages.push(rowsIn(html).map((row) => row.id));
    path = relHref(html, rel);
  }
  return { pages, maxRowsRead };
}

describe("an inbox of 10,000 messages", () => {
  it("pages through all of them, 50 at a time, newest first, none twice", async () => {
    const { pages, maxRowsRead } = await walk("/dashboard?tab=contacts");
    expect(pages).toHaveLength(TOTAL / 50);
    expect(pages.every((page) => page.length === 50)).toBe(true);
    expect(pages.flat()).toEqual(await expectedIds());
    // No page reads the table: a page, the badge counts (capped at 100 each) and a few lookups.
    expect(maxRowsRead).toBeLessThan(600);
  }, 120_000);

  it("walks back from a deep page to the first one", async () => {
    const forward = await walk("/dashboard?tab=contacts", "next", 4);
    const lastPageHtml = await (await getWithCookie("/dashboard?tab=contacts", cookie)).text();
    let path = relHref(lastPageHtml, "next");
    for (let i = 0; i < 2; i++) path = relHref(await (await getWithCookie(path!, cookie)).text(), "next");
    // Now on page 4; going back three times reaches page 1, whose address is the plain tab.
    const back: number[][] = [];
    let html = await (await getWithCookie(path!, cookie)).text();
    back.push(rowsIn(html).map((row) => row.id));
    for (let i = 0; i < 3; i++) {
      const previous = relHref(html, "prev")!;
      const response = await getWithCookie(previous, cookie);
      if (response.status === 302) {
        expect(response.headers.get("Location")).toBe("/dashboard?tab=contacts");
        html = await (await getWithCookie(response.headers.get("Location")!, cookie)).text();
      } else {
        html = await response.text();
      }
      back.push(rowsIn(html).map((row) => row.id));
    }
    expect(back.reverse()).toEqual(forward.pages);
    expect(relHref(html, "prev")).toBeNull();
  });

  it("finds by name across pages, through the search index", async () => {
    const { pages, maxRowsRead } = await walk("/dashboard?tab=contacts&q=zebulon");
    const zebulons = await expectedIds("name LIKE 'Zebulon%'");
    expect(zebulons).toHaveLength(100);
    expect(pages.map((page) => page.length)).toEqual([50, 50]);
    expect(pages.flat()).toEqual(zebulons);
    expect(maxRowsRead).toBeLessThan(1000);
  });

  it("finds by phone however it is typed, and by part of an e-mail", async () => {
    const phone = await expectedIds("phone = '(901) 555-0042'");
    for (const q of ["5550042", "555-0042", "(901) 555-0042", "901 555 0042"]) {
      const html = await (await getWithCookie(`/dashboard?tab=contacts&q=${encodeURIComponent(q)}`, cookie)).text();
      expect(rowsIn(html).map((row) => row.id), q).toEqual(phone);
    }
    const html = await (await getWithCookie("/dashboard?tab=contacts&q=person777%40scale", cookie)).text();
    expect(rowsIn(html).map((row) => row.id)).toEqual(await expectedIds("email = 'person777@scale.example'"));
  });

  it("filters by status, alone and with a search", async () => {
    const spam = await walk("/dashboard?tab=contacts&status=spam");
    expect(spam.pages.flat()).toEqual(await expectedIds("status = 'spam'"));
    expect(spam.maxRowsRead).toBeLessThan(600);

    const both = await walk("/dashboard?tab=contacts&status=spam&q=zebulon");
    expect(both.pages.flat()).toEqual(await expectedIds("status = 'spam' AND name LIKE 'Zebulon%'"));
    expect(both.pages.flat().length).toBe(15);
  });

  it("says why a too-short search cannot run, and shows no rows", async () => {
    const response = await getWithCookie("/dashboard?tab=contacts&q=ab", cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Type at least 3 letters or digits of a name, e-mail or phone number.");
    expect(html).toMatch(/id="inbox-search"[^>]*aria-invalid="true"/);
    expect(rowsIn(html)).toEqual([]);
  });

  it("exports all 10,000 in one CSV, streamed in batches", async () => {
    const response = await getWithCookie("/dashboard/export?tab=contacts", cookie);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(TOTAL + 1);
    expect(lines[1]).toContain("Scale Person");
    const names = lines.slice(1).map((line) => line.split('","')[1]);
    expect(new Set(names).size).toBe(TOTAL);
  }, 60_000);
});
