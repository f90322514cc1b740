// The registry of staff lists (app/core/staff-lists.ts) drives every list's tab,
// badge, seen mark, live event and export, for every list alike: a record
// arrives in each the way it does in the store, and the dashboard is read as a
// clerk's browser reads it.
import { beforeAll, describe, expect, it } from "vitest";
import { LISTS, STAFF_LISTS, type StaffList } from "../../app/core/staff-lists";
import { parseRoomMessage } from "../../party/protocol";
import { createStaff, signIn } from "./helpers";
import { badgesIn, getWithCookie, openLiveSocket } from "./dashboard-helpers";
import { freeWeekday, postLead } from "./lead-helpers";
import { logRepair } from "./repair-helpers";
import { inboundText } from "./message-helpers";

let clerk = "";
/** Logs the repairs: a repair is never new to the clerk who logged it (issue 41), so a colleague's raises the badge. */
let colleague = "";
beforeAll(async () => {
  clerk = await signIn(await createStaff());
  colleague = await signIn(await createStaff());
});

let texts = 0;
/** Puts one record into a list as the store would: a visitor's form, a colleague logging a repair, a text; its name. */
async function arrive(list: StaffList, name: string): Promise<string> {
  const visitor = { name, phone: "901-555-0148", email: "registry@example.com" };
  if (list === "appointments") {
    expect((await postLead("/book", "appointment", { ...visitor, service: "Repair", date: freeWeekday(), time: "3:00 PM" })).status).toBe(302);
  } else if (list === "orders") {
    const order = { ...visitor, jewelryType: "Custom Ring", materialPreferences: "Gold Rose", diamondSelection: "Moissanite" };
    expect((await postLead("/orderOnline", "order", order)).status).toBe(302);
  } else if (list === "contacts") {
    expect((await postLead("/contactus", "contact", { ...visitor, message: "Hello", smsConsent: "on" })).status).toBe(302);
  } else if (list === "repairs") {
    await logRepair(colleague, { name });
  } else {
    // A text from a number no record has: its words stand in for a name.
    expect((await inboundText({ From: `+1901558${String(1000 + ++texts).padStart(4, "0")}`, Body: name })).response.status).toBe(200);
  }
  return name;
}

/** The tab links on a page: each one's list, address, label and whether it is the current page. */
function tabsIn(html: string) {
  return [...html.matchAll(/<a ([^>]*data-testid="tab-(\w+)"[^>]*)>([^<]*)/g)].map(([, attributes, list, label]) => ({
    list,
    href: /href="([^"]*)"/.exec(attributes!)?.[1]?.replaceAll("&amp;", "&"),
    label,
    current: attributes!.includes('aria-current="page"'),
  }));
}

async function page(path: string) {
  const response = await getWithCookie(path, clerk);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("every staff list of the registry", () => {
  it("has its tab on every list page, with its label and address", async () => {
    for (const shown of STAFF_LISTS) {
      // Each list's tab, in the registry's order; the page names itself as the current tab, and only itself.
      expect(tabsIn(await page(LISTS[shown].href)), shown).toEqual(
        STAFF_LISTS.map((list) => ({ list, href: LISTS[list].href, label: LISTS[list].label, current: list === shown })),
      );
    }
  });

  for (const list of STAFF_LISTS) {
    it(`${list}: a new record is announced live, raises its badge everywhere, is cleared by opening the list, and is exported`, async () => {
      // Opening the list first: nothing of it is unread now.
      await page(LISTS[list].href);
      const live = await openLiveSocket(clerk);
      const name = await arrive(list, `Registry ${list}`);

      await expect
        .poll(() => live.messages.map(parseRoomMessage).find((message) => message?.type === "record-created" && message.list === list) ?? null, { timeout: 5_000 })
        .toMatchObject({ type: "record-created", list });
      live.socket.close();

      // Every other list's page shows the badge; opening the list itself marks it seen.
      for (const other of STAFF_LISTS.filter((each) => each !== list)) {
        expect(badgesIn(await page(LISTS[other].href))[list], `${list}'s badge on ${other}`).toBe(1);
      }
      const opened = await page(LISTS[list].href);
      expect(opened).toContain(name);
      const other = STAFF_LISTS.find((each) => each !== list)!;
      expect(badgesIn(await page(LISTS[other].href))[list]).toBeUndefined();

      // The export link on the list's page leads to its CSV, which holds the record.
      const exportHref = /<a class="button button--secondary inbox__export" href="([^"]+)" download/.exec(opened)?.[1]?.replaceAll("&amp;", "&");
      expect(exportHref?.startsWith(`${LISTS[list].exportPath}?`)).toBe(true);
      const csv = await getWithCookie(exportHref!, clerk);
      expect(csv.status).toBe(200);
      expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(await csv.text()).toContain(name);
    });
  }
});
