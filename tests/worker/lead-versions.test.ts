import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createStaff, signIn } from "./helpers";
import { getWithCookie, idOf, postWithCookie, seedContacts } from "./dashboard-helpers";

// Decision 106: a save names the version it started from, and never writes over a newer change.

let ann = { email: "", cookie: "" };
let bob = { email: "", cookie: "" };

beforeAll(async () => {
  const first = await createStaff();
  const second = await createStaff();
  ann = { email: first.email, cookie: await signIn(first) };
  bob = { email: second.email, cookie: await signIn(second) };
});

async function stored(id: number) {
  return (await env.DB.prepare("SELECT status, version, updated_by AS updatedBy FROM contact_messages WHERE id = ?")
    .bind(id)
    .first<{ status: string; version: number; updatedBy: string | null }>())!;
}

const save = (id: number, who: { cookie: string }, fields: Record<string, string>) =>
  postWithCookie(`/dashboard/contacts/${id}`, { intent: "details", ...fields }, who.cookie);

describe("saving a record over a newer change", () => {
  it("a second save from the same page, with the page's new version, goes through over the first", async () => {
    await seedContacts([{ name: "Version Twice" }]);
    const id = await idOf("contact_messages", "Version Twice");
    expect((await save(id, ann, { version: "1", status: "contacted" })).status).toBe(302);
    // The page after the save shows what was stored, with its version.
    const page = await (await getWithCookie(`/dashboard/contacts/${id}`, ann.cookie)).text();
    expect(page).toContain('name="version" value="2"');
    expect(page).toMatch(/<option value="contacted" selected="">/);

    expect((await save(id, ann, { version: "2", status: "done" })).status).toBe(302);
    expect(await stored(id)).toEqual({ status: "done", version: 3, updatedBy: ann.email });
  });

  it("the second of two clerks is told who changed it and when, sees the status now, and nothing is overwritten", async () => {
    await seedContacts([{ name: "Version Two Clerks" }]);
    const id = await idOf("contact_messages", "Version Two Clerks");
    expect((await save(id, ann, { version: "1", status: "contacted" })).status).toBe(302);

    const late = await save(id, bob, { version: "1", status: "done" });
    expect(late.status).toBe(409);
    const html = await late.text();
    expect(html).toMatch(new RegExp(`Changed by ${ann.email.replace(/[.+]/g, "\\$&")} at [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M, here is the status now\\.`));
    // Both are on the page: the stored status in the notice, and Bob's, still chosen in his form.
    expect(/<div class="save-conflict"[\s\S]*?<\/div>/.exec(html)?.[0]).toContain("Contacted");
    expect(html).toMatch(/<option value="done" selected="">/);
    // His next save names the version he has now seen.
    expect(html).toContain('name="version" value="2"');
    expect(await stored(id)).toEqual({ status: "contacted", version: 2, updatedBy: ann.email });

    // Saving again, knowingly.
    expect((await save(id, bob, { version: "2", status: "done" })).status).toBe(302);
    expect(await stored(id)).toMatchObject({ status: "done", version: 3, updatedBy: bob.email });
  });

  it("a retry of a save that went through counts as saved, and writes nothing twice", async () => {
    await seedContacts([{ name: "Version Retry" }]);
    const id = await idOf("contact_messages", "Version Retry");
    const fields = { version: "1", status: "done" };
    expect((await save(id, ann, fields)).status).toBe(302);
    expect((await save(id, ann, fields)).status).toBe(302);
    expect(await stored(id)).toMatchObject({ status: "done", version: 2 });
    // One line in the record's timeline: the retry wrote nothing.
    expect(await env.DB.prepare("SELECT count(*) AS lines FROM record_events WHERE list = 'contacts' AND record_id = ?").bind(id).first()).toEqual({ lines: 1 });
  });

  it("an inbox row's status picker meets the same check, with JavaScript and without", async () => {
    await seedContacts([{ name: "Version Row" }]);
    const id = await idOf("contact_messages", "Version Row");
    expect((await save(id, ann, { version: "1", status: "contacted" })).status).toBe(302);

    const inline = await postWithCookie(`/dashboard/contacts/${id}.data`, { intent: "status", version: "1", status: "spam", respond: "inline" }, bob.cookie);
    expect(inline.status).toBe(409);
    expect(await inline.text()).toContain(`Changed by ${ann.email}`);
    const plain = await postWithCookie(`/dashboard/contacts/${id}`, { intent: "status", version: "1", status: "spam", returnTo: "/dashboard?tab=contacts" }, bob.cookie);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/dashboard?tab=contacts");
    const toast = /flash_toast=[^;]+/.exec(plain.headers.getSetCookie().join("\n"))![0];
    expect(await (await getWithCookie("/dashboard?tab=contacts", `${bob.cookie}; ${toast}`)).text()).toContain("it is Contacted now; nothing was saved");
    expect(await stored(id)).toEqual({ status: "contacted", version: 2, updatedBy: ann.email });
  });

  it("a save without a version, or with a malformed one, is refused with 400 and stores nothing", async () => {
    await seedContacts([{ name: "Version Missing" }]);
    const id = await idOf("contact_messages", "Version Missing");
    for (const version of [undefined, "", "x", "0", "1.5"]) {
      const response = await save(id, ann, { ...(version === undefined ? {} : { version }), status: "done" });
      expect(response.status, String(version)).toBe(400);
      expect(await response.text()).toContain("This page is out of date: reload it and save again.");
    }
    expect(await stored(id)).toEqual({ status: "new", version: 1, updatedBy: null });
  });
});
