import { env } from "cloudflare:test";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { createStaff, signIn } from "./helpers";
import { getWithCookie, idOf, postWithCookie, seedAppointments, seedContacts, seedOrders } from "./dashboard-helpers";

let cookie = "";

beforeAll(async () => {
  cookie = await signIn(await createStaff());
});

async function statusOf(table: string, id: number) {
  const row = (await env.DB.prepare(`SELECT status FROM ${table} WHERE id = ?`).bind(id).first<{ status: string }>())!;
  const list = table === "contact_messages" ? "contacts" : table;
  const notes = await env.DB.prepare("SELECT body FROM record_notes WHERE list = ? AND record_id = ? ORDER BY id").bind(list, id).all<{ body: string }>();
  return { status: row.status, note: notes.results.map((note) => note.body).join("\n") };
}

describe("changing a lead's status from its row", () => {
  it("works without JavaScript: a plain post comes back to the same list with a toast", async () => {
    await seedContacts([{ name: "Status NoJS" }]);
    const id = await idOf("contact_messages", "Status NoJS");
    const response = await postWithCookie(
      `/dashboard/contacts/${id}`,
      { intent: "status", version: "1", status: "contacted", returnTo: "/dashboard?tab=contacts&status=new" },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?tab=contacts&status=new");
    expect(response.headers.getSetCookie().join("\n")).toContain("flash_toast=");
    expect((await statusOf("contact_messages", id)).status).toBe("contacted");

    // The toast shows on the page it returns to.
    const toast = /flash_toast=[^;]+/.exec(response.headers.getSetCookie().join("\n"))![0];
    const page = await (await getWithCookie("/dashboard?tab=contacts", `${cookie}; ${toast}`)).text();
    expect(page).toContain("Status set to Contacted.");
  });

  it("works with JavaScript: the fetcher post gets data back, not a redirect", async () => {
    await seedOrders([{ name: "Status Fetcher" }]);
    const id = await idOf("orders", "Status Fetcher");
    const response = await postWithCookie(`/dashboard/orders/${id}.data`, { intent: "status", version: "1", status: "done", respond: "inline" }, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Location")).toBeNull();
    const body = await response.text();
    expect(body).toContain('"ok",true');
    expect(body).not.toContain("redirect");
    expect((await statusOf("orders", id)).status).toBe("done");
  });

  it("offers No-show for appointments only, and refuses unknown statuses with 400", async () => {
    await seedAppointments([{ name: "Status Visit", startsAt: Date.now() - 86_400_000 }]);
    await seedContacts([{ name: "Status Refused" }]);
    const visit = await idOf("appointments", "Status Visit");
    const contact = await idOf("contact_messages", "Status Refused");

    const noShow = await postWithCookie(`/dashboard/appointments/${visit}.data`, { intent: "status", version: "1", status: "no_show", respond: "inline" }, cookie);
    expect(noShow.status).toBe(200);
    expect((await statusOf("appointments", visit)).status).toBe("no_show");

    for (const status of ["no_show", "deleted", ""]) {
      const viaFetcher = await postWithCookie(`/dashboard/contacts/${contact}.data`, { intent: "status", version: "1", status, respond: "inline" }, cookie);
      expect(viaFetcher.status, status).toBe(400);
      expect(await viaFetcher.text()).toContain("Choose one of the listed statuses.");
      const plain = await postWithCookie(`/dashboard/contacts/${contact}`, { intent: "status", version: "1", status }, cookie);
      expect(plain.status, status).toBe(400);
      await plain.text();
    }
    expect((await statusOf("contact_messages", contact)).status).toBe("new");
  });

  it("returns only into the staff area after a plain post", async () => {
    await seedContacts([{ name: "Status Return" }]);
    const id = await idOf("contact_messages", "Status Return");
    for (const returnTo of ["https://evil.example/", "//evil.example", "/contactus", "/dashboardevil", "/.//evil.example", "/%2e%2e//evil.example", "/x/..//evil.example", "/dashboard/../..//evil.example"]) {
      const response = await postWithCookie(`/dashboard/contacts/${id}`, { intent: "status", version: "1", status: "done", returnTo }, cookie);
      expect(response.headers.get("Location"), returnTo).toBe(`/dashboard/contacts/${id}`);
    }
  });

  it("answers 404 for a record that does not exist", async () => {
    const response = await postWithCookie("/dashboard/contacts/987654321", { intent: "status", version: "1", status: "done" }, cookie);
    expect(response.status).toBe(404);
    await response.text();
  });
});

describe("the record page", () => {
  it("shows every field with tel: and mailto: links, and saves the status and a note", async () => {
    await seedContacts([{ name: "Record Person", email: "record@example.com", phone: "(901) 555-0199", message: "Line one\nLine two" }]);
    const id = await idOf("contact_messages", "Record Person");
    const page = await (await getWithCookie(`/dashboard/contacts/${id}`, cookie)).text();
    expect(page).toContain('href="mailto:record@example.com"');
    expect(page).toContain('href="tel:+19015550199"');
    expect(page).toContain("Line one\nLine two");

    const saved = await postWithCookie(`/dashboard/contacts/${id}`, { intent: "details", version: "1", status: "contacted" }, cookie);
    expect(saved.status).toBe(302);
    // Back at the form, which says "Saved" (issue 43).
    expect(saved.headers.get("Location")).toBe(`/dashboard/contacts/${id}#saved-status`);
    const noted = await postWithCookie(`/dashboard/contacts/${id}`, { intent: "note", formId: crypto.randomUUID(), note: "Called back, wants a quote." }, cookie);
    expect(noted.status).toBe(302);
    expect(noted.headers.get("Location")).toBe(`/dashboard/contacts/${id}#saved-note`);
    expect(await statusOf("contact_messages", id)).toEqual({ status: "contacted", note: "Called back, wants a quote." });
    expect(await (await getWithCookie(`/dashboard/contacts/${id}`, cookie)).text()).toContain("Called back, wants a quote.");
  });

  it("refuses an over-long note with the reason next to the field", async () => {
    await seedContacts([{ name: "Record Long Note" }]);
    const id = await idOf("contact_messages", "Record Long Note");
    const response = await postWithCookie(`/dashboard/contacts/${id}`, { intent: "note", formId: crypto.randomUUID(), note: "x".repeat(2001) }, cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Keep the note to 2,000 characters or fewer");
    expect((await statusOf("contact_messages", id)).note).toBe("");
  });

  it("keeps a note to the text rule every form follows: line breaks yes, NUL and bidi overrides no", async () => {
    await seedContacts([{ name: "Record Odd Note" }]);
    const id = await idOf("contact_messages", "Record Odd Note");
    for (const staffNote of ["Call\u0000back", "Paid \u202e0001$", "Line\u2028two"]) {
      const response = await postWithCookie(`/dashboard/contacts/${id}`, { intent: "note", formId: crypto.randomUUID(), note: staffNote }, cookie);
      expect(response.status, JSON.stringify(staffNote)).toBe(400);
      expect(await response.text()).toContain("The note contains characters we can't accept.");
      expect((await statusOf("contact_messages", id)).note).toBe("");
    }
    const kept = await postWithCookie(`/dashboard/contacts/${id}`, { intent: "note", formId: crypto.randomUUID(), note: "Line one\r\n\tLine two" }, cookie);
    expect(kept.status).toBe(302);
    // Trimmed at its ends like every field; the breaks and the tab inside are kept.
    expect((await statusOf("contact_messages", id)).note).toBe("Line one\r\n\tLine two");
  });
});

describe("CSV export", () => {
  /** Response.text() drops the byte-order mark, so it is checked on the raw bytes. */
  async function csvOf(response: Response): Promise<string[][]> {
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Read as a spreadsheet program reads it (RFC 4180: quoted cells, doubled quotes, CRLF rows).
    return parse(new TextDecoder().decode(bytes)) as string[][];
  }


  it("exports the current tab and filter, with the tab's columns, status and note", async () => {
    await seedContacts([
      { name: "Export Keep", email: "keep@example.com", phone: "901-555-0101", message: 'Say "hi", please', status: "spam", createdAt: Date.UTC(2026, 0, 15, 18, 30) },
      { name: "Export Other", status: "new" },
    ]);
    const response = await getWithCookie("/dashboard/export?tab=contacts&status=spam&q=keep", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await csvOf(response);
    expect(rows).toEqual([
      ["Date & Time (Central)", "Name", "Email", "Phone", "Message", "Status", "Notes"],
      // 18:30 UTC is 12:30 in Bartlett in January (CST).
      ["2026-01-15 12:30", "Export Keep", "keep@example.com", "(901) 555-0101", 'Say "hi", please', "Spam", ""],
    ]);
  });

  it("defuses cells a spreadsheet would run as a formula", async () => {
    await seedOrders([{ name: "=HYPERLINK(\"https://evil.example\",\"Click\")", email: "@SUM(1+1)@example.com", materialPreferences: "-2+3" }]);
    await seedContacts([{ name: "Formula Contact", phone: "+1 901 555 0100", message: "\t=1+1" }]);
    const orders = await csvOf(await getWithCookie("/dashboard/export?tab=orders", cookie));
    const order = orders.find((row) => row[1]!.includes("HYPERLINK"))!;
    expect(order[1]).toBe("'=HYPERLINK(\"https://evil.example\",\"Click\")");
    expect(order[2]).toBe("'@SUM(1+1)@example.com");
    expect(order[6]).toBe("'-2+3");
    expect(order[4]).toBe("Moissanite");

    const contacts = await csvOf(await getWithCookie("/dashboard/export?tab=contacts&q=formula", cookie));
    // A phone is written as people read it (decision 105), which no spreadsheet takes for a formula.
    expect(contacts[1]![3]).toBe("(901) 555-0100");
    expect(contacts[1]![4]).toBe("'\t=1+1");
    expect(contacts[1]![1]).toBe("Formula Contact");
  });

  it("exports appointments with their visit date and time", async () => {
    await seedAppointments([{ name: "Export Visit", startsAt: Date.UTC(2026, 5, 3, 16), service: "Custom Design" }]);
    const rows = await csvOf(await getWithCookie("/dashboard/export?tab=appointments&when=past&q=export+visit", cookie));
    expect(rows[0]).toEqual(["Name", "Phone", "Date", "Time", "Service", "Booked (Central)", "Status", "Notes"]);
    expect(rows[1]!.slice(0, 5)).toEqual(["Export Visit", "(901) 555-0122", "Wed, Jun 3, 2026", "11:00 AM", "Custom Design"]);
  });

  it("refuses a search too short to run, with a reason", async () => {
    const response = await getWithCookie("/dashboard/export?tab=contacts&q=ab", cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("at least 3 letters or digits");
  });
});
