import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createStaff, signIn } from "./helpers";
import { badgesIn, getWithCookie, idOf, rowsIn, seedAppointments, seedContacts, seedOrders } from "./dashboard-helpers";

// Unread badges are per staff account and kept on the server: two accounts
// opening different tabs each see their own counts.

async function open(path: string, cookie: string) {
  const response = await getWithCookie(path, cookie);
  expect(response.status, path).toBe(200);
  return response.text();
}

let alice = "";
let bob = "";

beforeAll(async () => {
  await seedContacts([{ name: "Contact A" }, { name: "Contact B" }, { name: "Contact C" }]);
  await seedOrders([{ name: "Order A" }, { name: "Order B" }]);
  await seedAppointments([{ name: "Appointment A", startsAt: Date.now() + 86_400_000 }]);
  alice = await signIn(await createStaff());
  bob = await signIn(await createStaff());
});

describe("unread badges for two staff accounts", () => {
  it("opening a tab marks its rows unread once, clears its badge and leaves the others", async () => {
    const first = await open("/dashboard", alice);
    expect(badgesIn(first)).toEqual({ orders: 2, contacts: 3 });
    expect(rowsIn(first).map((row) => row.unread)).toEqual([true]);
    expect(first).toMatch(/<tr class="is-unread"[^>]*data-testid="inbox-row"/);

    const again = await open("/dashboard?tab=appointments", alice);
    expect(rowsIn(again).map((row) => row.unread)).toEqual([false]);
    expect(badgesIn(again)).toEqual({ orders: 2, contacts: 3 });
  });

  it("keeps each account's own count", async () => {
    const bobsContacts = await open("/dashboard?tab=contacts", bob);
    expect(badgesIn(bobsContacts)).toEqual({ appointments: 1, orders: 2 });
    expect(rowsIn(bobsContacts).map((row) => row.unread)).toEqual([true, true, true]);

    // Alice has not opened contacts; Bob has not opened appointments.
    expect(badgesIn(await open("/dashboard?tab=orders", alice))).toEqual({ contacts: 3 });
    expect(badgesIn(await open("/dashboard?tab=orders", bob))).toEqual({ appointments: 1 });
  });

  it("counts entries newer than the last one each account saw", async () => {
    await seedContacts([{ name: "Contact D" }]);
    expect(badgesIn(await open("/dashboard?tab=orders", alice))).toEqual({ contacts: 4 });
    expect(badgesIn(await open("/dashboard?tab=orders", bob))).toEqual({ appointments: 1, contacts: 1 });

    const bobsContacts = await open("/dashboard?tab=contacts", bob);
    const newest = await idOf("contact_messages", "Contact D");
    expect(rowsIn(bobsContacts)).toEqual([
      { id: newest, unread: true },
      ...rowsIn(bobsContacts)
        .slice(1)
        .map((row) => ({ id: row.id, unread: false })),
    ]);
  });

  it("a live refresh shows a new row unread and raises the open tab's badge, without marking it seen", async () => {
    await open("/dashboard?tab=contacts", bob);
    const unreadAfter = await idOf("contact_messages", "Contact D");
    await seedContacts([{ name: "Contact E" }]);
    const live = await open(`/dashboard.data?tab=contacts&live=1&unreadAfter=${unreadAfter}`, bob);
    expect(live).toContain("Contact E");
    // Still unread for Bob: the badge counts it until he opens the tab again.
    expect(badgesIn(await open("/dashboard?tab=orders", bob))).toEqual({ appointments: 1, contacts: 1 });
    const reopened = await open("/dashboard?tab=contacts", bob);
    expect(rowsIn(reopened)[0]).toEqual({ id: await idOf("contact_messages", "Contact E"), unread: true });
    expect(badgesIn(await open("/dashboard?tab=orders", bob))).toEqual({ appointments: 1 });
  });

  it("counts everything as new when the last-seen entry no longer exists", async () => {
    await open("/dashboard?tab=contacts", alice);
    expect(badgesIn(await open("/dashboard?tab=orders", alice))).toEqual({});
    const lastSeen = await env.DB.prepare("SELECT max(last_seen_id) AS id FROM inbox_seen WHERE inbox = 'contacts'").first<{ id: number }>();
    await env.DB.prepare("DELETE FROM contact_messages WHERE id = ?").bind(lastSeen!.id).run();
    const total = (await env.DB.prepare("SELECT count(*) AS n FROM contact_messages").first<{ n: number }>())!.n;
    expect(badgesIn(await open("/dashboard?tab=orders", alice))).toEqual({ contacts: total });
  });

  it("shows 99+ instead of counting a large backlog row by row", async () => {
    await seedOrders(Array.from({ length: 150 }, (_, i) => ({ name: `Backlog ${i}` })));
    const html = await open("/dashboard?tab=contacts", alice);
    expect(badgesIn(html).orders).toBe(100);
    expect(html).toMatch(/data-testid="badge-orders" data-count="100">99\+/);
  });
});
