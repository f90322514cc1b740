import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/core/slots";
import { storeDate, storeTimeToInstant } from "~/core/store-time";
import { createStaff, signIn } from "./helpers";
import { getWithCookie } from "./dashboard-helpers";

// Issue 27 item 2 (docs/decisions/107): which visits each appointment view holds, in which order, under which day headings.

let cookie = "";
const today = storeDate();
const at = (day: string, hour: number) => storeTimeToInstant(day, hour);

async function seed(rows: { name: string; day: string; hour: number; status?: string }[]) {
  for (const [index, row] of rows.entries()) {
    await env.DB.prepare(
      "INSERT INTO appointments (name, phone, date, time, service, created_at, starts_at, slot_seat, status) VALUES (?, '+19015550122', ?, ?, 'Repair', ?, ?, ?, ?)",
    )
      .bind(row.name, row.day, `${row.hour}:00`, Date.now() - index * 1000, at(row.day, row.hour), 100 + index, row.status ?? "new")
      .run();
  }
}

/** The names and day headings of a page, in page order. */
function listed(html: string): string[] {
  return [...html.matchAll(/<th scope="rowgroup"[^>]*>([^<]+)<\/th>|class="list-table__name"[^>]*>([^<]+)</g)].map((match) =>
    match[1] ? `# ${match[1]}` : match[2]!,
  );
}

/** The appointment view the page shows as chosen. */
const chosenView = (html: string) => /class="segmented__option" aria-current="page"[^>]*>([^<]+)</.exec(html)?.[1];

const page = async (path: string) => (await getWithCookie(path, cookie)).text();

describe("the appointment views", () => {
  beforeAll(async () => {
    cookie = await signIn(await createStaff());
  });

  it("without visits today, the tab opens on upcoming", async () => {
    expect(chosenView(await page("/dashboard"))).toBe("Upcoming");
  });

  it("upcoming leaves out cancelled visits and no-shows, sorts soonest first, and heads each day", async () => {
    const tomorrow = addDays(today, 1);
    const later = addDays(today, 3);
    await seed([
      { name: "Later Visit", day: later, hour: 15 },
      { name: "Later Cancelled", day: later, hour: 12, status: "cancelled" },
      { name: "Tomorrow Late", day: tomorrow, hour: 16 },
      { name: "Tomorrow Early", day: tomorrow, hour: 11 },
      { name: "Tomorrow No-show", day: tomorrow, hour: 13, status: "no_show" },
      { name: "Yesterday Visit", day: addDays(today, -1), hour: 11 },
      { name: "Last Week Visit", day: addDays(today, -7), hour: 11 },
    ]);
    const upcoming = listed(await page("/dashboard?tab=appointments&when=upcoming"));
    expect(upcoming.filter((entry) => !entry.startsWith("Today"))).toEqual([
      "# Tomorrow",
      "Tomorrow Early",
      "Tomorrow Late",
      upcoming[upcoming.indexOf("Tomorrow Late") + 1]!,
      "Later Visit",
    ]);
    expect(upcoming[upcoming.indexOf("Tomorrow Late") + 1]).toMatch(/^# [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // A status filter still finds them.
    expect(listed(await page("/dashboard?tab=appointments&when=upcoming&status=cancelled"))).toContain("Later Cancelled");

    // Past: newest visit first.
    const past = listed(await page("/dashboard?tab=appointments&when=past")).filter((entry) => !entry.startsWith("#"));
    expect(past.indexOf("Yesterday Visit")).toBeLessThan(past.indexOf("Last Week Visit"));
  });

  it("with visits today, the tab opens on today: soonest first, without cancelled ones", async () => {
    await seed([
      { name: "Today Late", day: today, hour: 23 },
      { name: "Today Early", day: today, hour: 0 },
      { name: "Today Cancelled", day: today, hour: 22, status: "cancelled" },
    ]);
    const start = await page("/dashboard");
    expect(chosenView(start)).toBe("Today");
    expect(listed(start)).toEqual(["# Today", "Today Early", "Today Late"]);
    // Upcoming still reaches the other days.
    expect(listed(await page("/dashboard?tab=appointments&when=upcoming"))).toContain("# Tomorrow");
  });
});
