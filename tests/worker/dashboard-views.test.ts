import { beforeAll, describe, expect, it } from "vitest";
import { createStaff, signIn } from "./helpers";
import { getWithCookie, idOf, relHref, rowsIn, seedAppointments, seedContacts, seedOrders } from "./dashboard-helpers";

// What each tab shows: its columns, empty states, the store's time zone, and
// the appointments' upcoming and past views.

let cookie = "";

beforeAll(async () => {
  cookie = await signIn(await createStaff());
});

async function page(path: string) {
  const response = await getWithCookie(path, cookie);
  expect(response.status, path).toBe(200);
  return response.text();
}

const headersOf = (html: string) => [...html.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((match) => match[1]!.replace("&amp;", "&"));

describe("empty inboxes", () => {
  it("say so in the tab's own words", async () => {
    expect(await page("/dashboard")).toContain("No appointments found.");
    expect(await page("/dashboard?tab=orders")).toContain("No orders found.");
    expect(await page("/dashboard?tab=contacts")).toContain("No contacts found.");
  });
});

describe("tabs", () => {
  beforeAll(async () => {
    await seedContacts([{ name: "View Contact", email: "view@example.com", phone: "(901) 555-0177", createdAt: Date.UTC(2026, 6, 4, 3, 5) }]);
    await seedOrders([{ name: "View Order", createdAt: Date.UTC(2026, 0, 2, 23, 45) }]);
    await seedAppointments([{ name: "View Visit", startsAt: Date.UTC(2030, 1, 3, 17) }]);
  });

  it("default to appointments, take the tab from the URL and mark the current one", async () => {
    const html = await page("/dashboard");
    const current = (html: string) => [...html.matchAll(/aria-current="page" data-testid="tab-(\w+)"/g)].map((match) => match[1]);
    expect(current(html)).toEqual(["appointments"]);
    const orders = await page("/dashboard?tab=orders");
    expect(current(orders)).toEqual(["orders"]);
    expect(orders).toContain("View Order");
    expect(await page("/dashboard?tab=bogus")).toContain("View Visit");
  });

  it("show exactly the issue's columns, then Status", async () => {
    expect(headersOf(await page("/dashboard?tab=appointments"))).toEqual(["Name", "Phone", "Date", "Time", "Service", "Status"]);
    expect(headersOf(await page("/dashboard?tab=orders"))).toEqual([
      "Date & Time",
      "Customer Name",
      "Email",
      "Phone",
      "Diamond Selection",
      "Jewelry Type",
      "Material Preferences",
      "Status",
    ]);
    expect(headersOf(await page("/dashboard?tab=contacts"))).toEqual(["Date & Time", "Name", "Email", "Phone", "Message", "Status"]);
  });

  it("list an order's fields on its record in the order the form asks them (issue 43)", async () => {
    const record = await page(`/dashboard/orders/${await idOf("orders", "View Order")}`);
    const terms = [...record.matchAll(/<dt>([^<]*)<\/dt>/g)].map((match) => match[1]);
    expect(terms.slice(0, 6)).toEqual(["Customer Name", "Phone", "Email", "Jewelry type", "Material preference", "Diamond selection"]);
  });

  it("hide Material Preferences on small screens", async () => {
    expect(await page("/dashboard?tab=orders")).toMatch(/<th scope="col" class="wide-only">Material Preferences<\/th>/);
  });

  it("show times in the store's time zone, America/Chicago, and phones and e-mails as links", async () => {
    const contacts = await page("/dashboard?tab=contacts");
    // 03:05 UTC on July 4 is 10:05 PM on July 3 in Bartlett (CDT).
    expect(contacts).toContain("Jul 3, 2026, 10:05 PM");
    expect(contacts).toContain('href="mailto:view@example.com"');
    expect(contacts).toContain('href="tel:+19015550177"');
    // 23:45 UTC on January 2 is 5:45 PM the same day (CST).
    expect(await page("/dashboard?tab=orders")).toContain("Jan 2, 2026, 5:45 PM");
    expect(await page("/dashboard?tab=appointments")).toContain("Sun, Feb 3, 2030");
  });

  it("link each row to its record page", async () => {
    const id = await idOf("contact_messages", "View Contact");
    expect(await page("/dashboard?tab=contacts")).toContain(`href="/dashboard/contacts/${id}"`);
  });
});

describe("appointment views", () => {
  const HOUR = 3_600_000;
  const now = Date.now();

  beforeAll(async () => {
    // 60 visits to come and 55 past ones, booked in an order unrelated to their dates.
    await seedAppointments([
      ...Array.from({ length: 60 }, (_, i) => ({ name: `Upcoming ${i}`, startsAt: now + (i + 1) * 5 * HOUR, createdAt: now - ((i * 7) % 60) * 1000 })),
      ...Array.from({ length: 55 }, (_, i) => ({ name: `Past ${i}`, startsAt: now - (i + 1) * 5 * HOUR, createdAt: now - ((i * 11) % 55) * 1000 - 100_000 })),
    ]);
  });

  async function names(path: string) {
    const collected: string[] = [];
    let next: string | null = path;
    while (next) {
      const html = await page(next);
      collected.push(...[...html.matchAll(/class="list-table__name"[^>]*>([^<]+)</g)].map((match) => match[1]!));
      next = relHref(html, "next");
    }
    return collected;
  }

  it("upcoming lists visits still to come, soonest first, over pages", async () => {
    const upcoming = await names("/dashboard?tab=appointments&when=upcoming");
    expect(upcoming.filter((name) => name.startsWith("Upcoming"))).toEqual(Array.from({ length: 60 }, (_, i) => `Upcoming ${i}`));
    expect(upcoming.some((name) => name.startsWith("Past"))).toBe(false);
  });

  it("past lists visits already gone, most recent first", async () => {
    const past = await names("/dashboard?tab=appointments&when=past");
    expect(past).toEqual(Array.from({ length: 55 }, (_, i) => `Past ${i}`));
  });

  it("can show the no-shows among past visits", async () => {
    const id = await idOf("appointments", "Past 3");
    const { env } = await import("cloudflare:test");
    await env.DB.prepare("UPDATE appointments SET status = 'no_show' WHERE id = ?").bind(id).run();
    const html = await page("/dashboard?tab=appointments&when=past&status=no_show");
    expect(rowsIn(html).map((row) => row.id)).toEqual([id]);
    expect(html).toContain('<option value="no_show" selected="">No-show</option>');
  });
});
