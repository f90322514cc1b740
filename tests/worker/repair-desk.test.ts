import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sweepOrphanPhotos } from "../../app/jobs/orphan-photos.server";
import { deliverOutboxMessage } from "../../app/messaging/outbox-delivery.server";
import { MISSES_PER_HOUR, MISSES_PER_TICKET_PER_DAY } from "../../app/repairs/lookup.server";
import { concat, gpsTiffPointingOutside, jpegWithApp1, LATITUDE } from "../support/crafted-photos";
import { createStaff, get, ORIGIN, postForm, signIn } from "./helpers";
import { getWithCookie, openLiveSocket, postWithCookie } from "./dashboard-helpers";
import { rows, textOf, uniqueIp } from "./lead-helpers";
import { senders, sentTexts, stubProviders } from "./message-helpers";
import { contains, objectKeys, photoFile, samplePhoto, storedBytes } from "./photo-helpers";
import { padded } from "../support/crafted-photos";
import { logRepair, repairFields, repairRow, setStatus, type RepairRecord } from "./repair-helpers";

// Issue 41: the repair desk. Intake photos through the order form's bounded parsers,
// estimates the customer answers once on /repair, and the two-copy claim ticket.

let clerk: { email: string; password: string; id: number };
let cookie: string;

beforeAll(async () => {
  clerk = await createStaff();
  cookie = await signIn(clerk);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const last4Of = (repair: { phone: string }) => repair.phone.replace(/\D/g, "").slice(-4);

/** The New repair form as a browser sends it: multipart, its fields, then the photos of each slot. */
function postIntake(fields: Record<string, string>, photos: File[], extra: { picks?: string[]; headers?: Record<string, string>; path?: string } = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const pick of extra.picks ?? []) form.append("conditionPicks", pick);
  for (let slot = 0; slot < Math.max(6, photos.length); slot++) {
    form.append("photos", photos[slot] ?? new File([], "", { type: "application/octet-stream" }));
  }
  return SELF.fetch(`${ORIGIN}/dashboard/repairs/new${extra.path ?? ""}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, Cookie: cookie, ...extra.headers },
    body: form,
  });
}

/** A real photo's size, far over the 64 KB every other form is held to. */
const PHONE_PHOTO_BYTES = 3 * 1024 * 1024;

interface RepairPhotoRow {
  id: number;
  stage: string;
  object_key: string;
  content_type: string;
  file_name: string;
  position: number;
  created_by: string;
  size: number;
}

const photosOf = (repairId: number) => rows<RepairPhotoRow>("SELECT * FROM repair_photos WHERE repair_id = ? ORDER BY stage = 'completion', position", repairId);
const repairByForm = async (formId: string) => (await rows<RepairRecord & { condition_notes: string }>("SELECT * FROM repairs WHERE form_id = ?", formId))[0];

describe("intake: condition and photos", () => {
  it("stores two photos privately with the location removed, the quick picks and notes as the condition, shown to staff only", async () => {
    const fields = repairFields({ conditionNotes: "Deep scratch by the clasp." });
    const gps = samplePhoto("ring-gps.jpg");
    expect(contains(gps, LATITUDE)).toBe(true);
    const response = await postIntake(fields, [photoFile("ring-gps.jpg"), photoFile("ring.png")], { picks: ["Scratches", "Loose stone"] });
    expect(response.status, await response.clone().text()).toBe(302);
    const repair = (await repairByForm(fields.formId!))!;
    expect(repair.condition_notes).toBe("Scratches, Loose stone. Deep scratch by the clasp.");

    const photos = await photosOf(repair.id);
    expect(photos.map((photo) => [photo.stage, photo.position, photo.content_type, photo.file_name, photo.created_by])).toEqual([
      ["intake", 1, "image/jpeg", "ring-gps.jpg", clerk.email],
      ["intake", 2, "image/png", "ring.png", clerk.email],
    ]);
    expect(photos.every((photo) => photo.object_key.startsWith("repair-photos/"))).toBe(true);
    const stored = await storedBytes(photos[0]!.object_key);
    expect(stored.length).toBe(gps.length);
    expect(contains(stored, LATITUDE)).toBe(false);

    // The repair's page shows them, each served to staff only; never to anyone else, and never on /repair.
    const page = await (await getWithCookie(`/dashboard/repairs/${repair.id}`, cookie)).text();
    const href = `/dashboard/repairs/${repair.id}/photos/${photos[0]!.id}`;
    expect(page).toContain(`href="${href}"`);
    expect(page).toContain("Scratches, Loose stone. Deep scratch by the clasp.");
    const served = await getWithCookie(href, cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(stored);
    const anonymous = await get(href);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    expect((await getWithCookie(`/dashboard/repairs/${repair.id + 100000}/photos/${photos[0]!.id}`, cookie)).status).toBe(404);
    const customer = await postForm("/repair", { ticket: repair.ticket, last4: last4Of(repair) }, { "CF-Connecting-IP": uniqueIp() });
    const customerHtml = await customer.text();
    expect(customer.status).toBe(200);
    expect(customerHtml).not.toContain("/photos/");
    expect(customerHtml).not.toContain("Deep scratch");
  });

  const refusals: [string, () => File[], string][] = [
    ["a file that is not an image", () => [new File([new TextEncoder().encode("just text")], "notes.jpg", { type: "image/jpeg" })], "“notes.jpg” is not a photo we can take."],
    [
      "a crafted photo whose location points outside it",
      () => [new File([jpegWithApp1(samplePhoto("ring.jpg"), concat([...new TextEncoder().encode("Exif\0\0")], gpsTiffPointingOutside(64)))], "crafted.jpg", { type: "image/jpeg" })],
      "“crafted.jpg” looks damaged",
    ],
    ["a photo over 10 MB", () => [new File([samplePhoto("ring.jpg"), new Uint8Array(10 * 1024 * 1024)], "huge.jpg", { type: "image/jpeg" })], "is larger than 10 MB"],
    ["seven photos", () => Array.from({ length: 7 }, (_, i) => photoFile("ring.jpg", { as: `ring-${i}.jpg` })), "Please choose up to 6 photos."],
  ];
  for (const [what, files, message] of refusals) {
    it(`refuses ${what} by the field, keeps what was typed, and stores nothing`, async () => {
      const before = { objects: (await objectKeys()).length, photos: (await rows("SELECT id FROM repair_photos")).length };
      const fields = repairFields({ name: "Kept Typed-Name", conditionNotes: "Bent shank" });
      const response = await postIntake(fields, files(), { picks: ["Dents"] });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message.replace(/’/g, "&#x27;"));
      if (what !== "a photo over 10 MB") {
        // The whole form came back (a photo over the limit ends the read, as on the order form: what came before it is kept).
        expect(html).toContain('value="Kept Typed-Name"');
        expect(html).toContain("Bent shank</textarea>");
        expect(/<input[^>]*value="Dents"[^>]*>/.exec(html)?.[0]).toContain('checked=""');
      }
      expect(await repairByForm(fields.formId!)).toBeUndefined();
      expect((await rows("SELECT id FROM repair_photos")).length).toBe(before.photos);
      expect((await objectKeys()).length).toBe(before.objects);
    });
  }

  it("takes a phone-sized photo with JavaScript too, where React Router posts the form to its .data address", async () => {
    const fields = repairFields();
    const large = new File([padded("jpg", samplePhoto("ring.jpg"), PHONE_PHOTO_BYTES)], "counter.jpg", { type: "image/jpeg" });
    const response = await postIntake(fields, [large], { path: ".data" });
    expect(response.status, await response.clone().text()).not.toBe(413);
    const repair = (await repairByForm(fields.formId!))!;
    expect((await photosOf(repair.id)).map((photo) => [photo.stage, photo.file_name, photo.size])).toEqual([["intake", "counter.jpg", PHONE_PHOTO_BYTES]]);
  });

  it("answers 413 to a post larger than six photos can be, before reading it", async () => {
    const response = await SELF.fetch(`${ORIGIN}/dashboard/repairs/new`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(61 * 1024 * 1024) },
      body: "--x--",
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Photos may be up to 10 MB each and 60 MB in all");
  });

  it("stores the photos once when the same form is posted twice, and sweeps objects no row names", async () => {
    const fields = repairFields();
    expect((await postIntake(fields, [photoFile("ring.jpg")])).status).toBe(302);
    const objectsAfterFirst = (await objectKeys()).length;
    expect((await postIntake(fields, [photoFile("ring.webp")])).status).toBe(302);
    const repair = (await repairByForm(fields.formId!))!;
    expect((await photosOf(repair.id)).map((photo) => photo.file_name)).toEqual(["ring.jpg"]);
    expect((await objectKeys()).length).toBe(objectsAfterFirst);

    // A repair deleted (retention) leaves its objects to the nightly sweep, like an order's.
    const [photo] = await photosOf(repair.id);
    await env.DB.prepare("DELETE FROM repairs WHERE id = ?").bind(repair.id).run();
    await sweepOrphanPhotos(env, Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await env.BUCKET.head(photo!.object_key)).toBeNull();
  });

  it("speaks to the clerk, not the customer, when the customer's details are missing", async () => {
    const response = await postWithCookie("/dashboard/repairs/new", repairFields({ name: "", phone: "" }), cookie);
    expect(response.status).toBe(400);
    const text = await textOf(response);
    expect(text).toContain("Enter the customer's name.");
    expect(text).toContain("Enter the customer's phone number.");
    expect(text).not.toContain("Please enter your name.");
  });
});

/**
 * "Add photos" on the repair's page as a browser sends it: multipart, the intent, how many completion photos the page
 * showed (`shown`, by default as many as are stored: a freshly opened page), then each slot's photo (`path` ".data"
 * with JavaScript).
 */
async function postCompletion(
  repairId: number,
  photos: File[],
  options: { slots?: number; as?: string; path?: string; headers?: Record<string, string>; shown?: string | null } = {},
) {
  const stored = (await photosOf(repairId)).filter((photo) => photo.stage === "completion").length;
  const form = new FormData();
  form.append("intent", "completion-photos");
  const shown = options.shown === undefined ? String(stored) : options.shown;
  if (shown !== null) form.append("shown", shown);
  for (let slot = 0; slot < Math.max(options.slots ?? 6, photos.length); slot++) {
    form.append("photos", photos[slot] ?? new File([], "", { type: "application/octet-stream" }));
  }
  return SELF.fetch(`${ORIGIN}/dashboard/repairs/${repairId}${options.path ?? ""}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, Cookie: options.as ?? cookie, ...options.headers },
    body: form,
  });
}

describe("completion photos", () => {
  it("stores them apart from the intake photos, with the location removed, shown to staff only, never on /repair, and audited", async () => {
    const fields = repairFields();
    expect((await postIntake(fields, [photoFile("ring.jpg")])).status).toBe(302);
    const repair = (await repairByForm(fields.formId!))!;
    const gps = samplePhoto("ring-gps.jpg");
    const response = await postCompletion(repair.id, [photoFile("ring-gps.jpg", { as: "done.jpg" }), photoFile("ring.png", { as: "done.png" })]);
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("Location")).toBe(`/dashboard/repairs/${repair.id}`);

    const photos = await photosOf(repair.id);
    expect(photos.map((photo) => [photo.stage, photo.position, photo.file_name, photo.created_by])).toEqual([
      ["intake", 1, "ring.jpg", clerk.email],
      ["completion", 1, "done.jpg", clerk.email],
      ["completion", 2, "done.png", clerk.email],
    ]);
    const done = photos[1]!;
    expect(done.object_key.startsWith("repair-photos/")).toBe(true);
    const stored = await storedBytes(done.object_key);
    expect(stored.length).toBe(gps.length);
    expect(contains(stored, LATITUDE)).toBe(false);

    // On the staff page in their own card, not among the intake photos; each served to staff only.
    const page = await (await getWithCookie(`/dashboard/repairs/${repair.id}`, cookie)).text();
    const card = /<section[^>]*aria-labelledby="repair-completion-photos-title"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
    const intake = /<div class="repair-photos" data-stage="intake">[\s\S]*?<\/ul>/.exec(page)?.[0] ?? "";
    const href = `/dashboard/repairs/${repair.id}/photos/${done.id}`;
    expect(card).toContain(`href="${href}"`);
    expect(card).toContain('alt="Completion photo 2"');
    expect(intake).toContain('alt="Intake photo 1"');
    expect(intake).not.toContain(href);
    const served = await getWithCookie(href, cookie);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(stored);
    const anonymous = await get(href);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    const customer = await postForm("/repair", { ticket: repair.ticket, last4: last4Of(repair) }, { "CF-Connecting-IP": uniqueIp() });
    expect(customer.status).toBe(200);
    const customerHtml = await customer.text();
    expect(customerHtml).not.toContain("/photos/");
    expect(customerHtml).not.toContain("done.jpg");

    const audit = await rows<{ action: string; actor_email: string; details: string }>(
      "SELECT action, actor_email, details FROM audit_log WHERE target = ? AND action = 'repair-photos-added'",
      `repairs #${repair.id}`,
    );
    expect(audit).toEqual([{ action: "repair-photos-added", actor_email: clerk.email, details: JSON.stringify({ photos: 2 }) }]);
  });

  it("takes a phone-sized photo with JavaScript too, where React Router posts the page's form to its .data address", async () => {
    const { repair } = await logRepair(cookie);
    const large = new File([padded("jpg", samplePhoto("ring.jpg"), PHONE_PHOTO_BYTES)], "bench.jpg", { type: "image/jpeg" });
    const response = await postCompletion(repair.id, [large], { path: ".data" });
    expect(response.status, await response.clone().text()).not.toBe(413);
    expect(response.status).toBeLessThan(400);
    expect((await photosOf(repair.id)).map((photo) => [photo.stage, photo.file_name])).toEqual([["completion", "bench.jpg"]]);
  });

  const refusals: [string, () => File[], string][] = [
    ["a file that is not an image", () => [photoFile("ring.jpg", { as: "done.jpg" }), new File([new TextEncoder().encode("just text")], "notes.jpg", { type: "image/jpeg" })], "“notes.jpg” is not a photo we can take."],
    [
      "a crafted photo whose location points outside it",
      () => [new File([jpegWithApp1(samplePhoto("ring.jpg"), concat([...new TextEncoder().encode("Exif\0\0")], gpsTiffPointingOutside(64)))], "crafted.jpg", { type: "image/jpeg" })],
      "“crafted.jpg” looks damaged",
    ],
    ["a photo over 10 MB", () => [new File([samplePhoto("ring.jpg"), new Uint8Array(10 * 1024 * 1024)], "huge.jpg", { type: "image/jpeg" })], "is larger than 10 MB"],
    ["seven photos", () => Array.from({ length: 7 }, (_, i) => photoFile("ring.jpg", { as: `ring-${i}.jpg` })), "Please choose up to 6 photos."],
    ["no photo at all", () => [], "Take or choose at least one photo of the finished work."],
  ];
  for (const [what, files, message] of refusals) {
    it(`refuses ${what} by the field, with the repair's page, and stores nothing`, async () => {
      const { repair } = await logRepair(cookie, { name: "Kept Page-Name" });
      const before = { objects: (await objectKeys()).length, photos: (await rows("SELECT id FROM repair_photos")).length };
      const response = await postCompletion(repair.id, files());
      expect(response.status).toBe(400);
      const html = await response.text();
      // The whole page came back, its other forms too, with the message beside the photo field.
      expect(html).toContain("Kept Page-Name");
      expect(html).toContain("Ask for approval");
      const field = /<fieldset[^>]*repair-photo-field[\s\S]*?<\/fieldset>/.exec(html)?.[0] ?? "";
      expect(field).toContain(message.replace(/’/g, "&#x27;"));
      expect(field).toContain('aria-invalid="true"');
      expect((await rows("SELECT id FROM repair_photos")).length).toBe(before.photos);
      expect((await objectKeys()).length).toBe(before.objects);
      expect(await rows("SELECT id FROM audit_log WHERE target = ? AND action = 'repair-photos-added'", `repairs #${repair.id}`)).toHaveLength(0);
    });
  }

  it("stores a form's photos once when it is posted twice, and tells a clerk whose page missed someone else's photos", async () => {
    const { repair } = await logRepair(cookie);
    const mine = () => [photoFile("ring.jpg", { as: "clasp.jpg" }), photoFile("ring.png", { as: "side.png" })];
    const first = await postCompletion(repair.id, mine(), { shown: "0" });
    expect(first.status).toBe(302);
    const objects = (await objectKeys()).length;
    // The same page's form again (a double tap with JavaScript off, a resent page): the same answer, nothing more.
    const again = await postCompletion(repair.id, mine(), { shown: "0" });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(`/dashboard/repairs/${repair.id}`);
    expect((await photosOf(repair.id)).map((photo) => [photo.position, photo.file_name])).toEqual([
      [1, "clasp.jpg"],
      [2, "side.png"],
    ]);
    expect((await objectKeys()).length).toBe(objects);
    expect(await rows("SELECT id FROM audit_log WHERE target = ? AND action = 'repair-photos-added'", `repairs #${repair.id}`)).toHaveLength(1);

    // Another clerk's page, opened before those two were added, sends other photos: told, not stored over or after them.
    const stale = await postCompletion(repair.id, [photoFile("ring.webp", { as: "other.webp" })], { shown: "0" });
    expect(stale.status).toBe(400);
    const staleHtml = await stale.text();
    expect(staleHtml).toContain("Someone added completion photos while this page was open");
    expect(staleHtml).toContain('alt="Completion photo 2"');
    expect((await photosOf(repair.id)).map((photo) => photo.file_name)).toEqual(["clasp.jpg", "side.png"]);
    expect((await objectKeys()).length).toBe(objects);

    // A form without the count is not one the page sends now.
    const old = await postCompletion(repair.id, [photoFile("ring.webp")], { shown: null });
    expect(old.status).toBe(400);
    expect(await textOf(old)).toContain("This page is out of date: reload it, then add the photos again.");
    expect((await objectKeys()).length).toBe(objects);
  });

  it("keeps to 6 completion photos in all: more than the room left is refused, and a full repair takes none", async () => {
    const { repair } = await logRepair(cookie);
    const four = Array.from({ length: 4 }, (_, i) => photoFile("ring.jpg", { as: `first-${i}.jpg` }));
    expect((await postCompletion(repair.id, four)).status).toBe(302);
    const page = await (await getWithCookie(`/dashboard/repairs/${repair.id}`, cookie)).text();
    expect(page).toContain("Up to 2 photos of the finished work");
    expect(page.match(/id="completion-photos-\d"/g)).toHaveLength(2);

    const three = Array.from({ length: 3 }, (_, i) => photoFile("ring.png", { as: `more-${i}.png` }));
    const tooMany = await postCompletion(repair.id, three, { slots: 3 });
    expect(tooMany.status).toBe(400);
    expect(await textOf(tooMany)).toContain("Please choose up to 2 photos.");
    expect((await photosOf(repair.id)).filter((photo) => photo.stage === "completion")).toHaveLength(4);

    expect((await postCompletion(repair.id, three.slice(0, 2), { slots: 2 })).status).toBe(302);
    const objects = (await objectKeys()).length;
    const full = await postCompletion(repair.id, [photoFile("ring.webp")], { slots: 1 });
    expect(full.status).toBe(400);
    expect(await textOf(full)).toContain("This repair has its 6 completion photos already.");
    expect((await photosOf(repair.id)).map((photo) => photo.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await objectKeys()).length).toBe(objects);
    const fullPage = await (await getWithCookie(`/dashboard/repairs/${repair.id}`, cookie)).text();
    expect(fullPage).not.toContain('id="completion-photos-1"');
    expect(fullPage).toContain("This repair has its 6 completion photos.");
  });

  it("is for signed-in staff on this site only, and for a repair that exists", async () => {
    const { repair } = await logRepair(cookie);
    const anonymous = await postCompletion(repair.id, [photoFile("ring.jpg")], { as: "" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    const crossSite = await postCompletion(repair.id, [photoFile("ring.jpg")], { headers: { Origin: "https://attacker.example" } });
    expect(crossSite.status).toBe(403);
    expect((await postCompletion(repair.id + 100000, [photoFile("ring.jpg")])).status).toBe(404);
    expect(await photosOf(repair.id)).toHaveLength(0);
  });
});

/** A clerk's "Ask for approval" on the repair's page, over the version it showed. */
function askForApproval(repair: RepairRecord, amount: string, description: string, as = cookie) {
  return postWithCookie(`/dashboard/repairs/${repair.id}`, { intent: "estimate", version: String(repair.version), amount, description }, as);
}

/** The customer's Approve or Decline on /repair. */
function answer(repair: RepairRecord, estimateId: number, decision: string, options: { ip?: string; last4?: string; headers?: Record<string, string> } = {}) {
  return postForm(
    "/repair",
    { ticket: repair.ticket, last4: options.last4 ?? last4Of(repair), estimate: String(estimateId), decision },
    { "CF-Connecting-IP": options.ip ?? uniqueIp(), ...options.headers },
  );
}

interface EstimateRow {
  id: number;
  amount_cents: number;
  description: string;
  decision: string | null;
  decided_at: number | null;
  decided_ip: string | null;
}
const estimatesOf = (repairId: number) => rows<EstimateRow>("SELECT * FROM repair_estimates WHERE repair_id = ? ORDER BY id", repairId);
const estimateMessages = (repairId: number) =>
  rows<{ id: number; channel: string; status: string; recipient: string; text_body: string; next_attempt_at: number }>(
    "SELECT id, channel, status, recipient, text_body, next_attempt_at FROM outbox WHERE kind = 'repair-estimate' AND lead_kind IS NULL AND record_id = ? ORDER BY id",
    repairId,
  );

/** A repair Waiting for approval of $120, its estimate's id, and the repair as it now is. */
async function repairAwaitingApproval(overrides: Record<string, string> = {}) {
  const { repair } = await logRepair(cookie, { textConsent: "on", email: "estimate@example.com", ...overrides });
  const asked = await askForApproval(repair, "120", "Two prongs are worn thin: retip all four.");
  expect(asked.status, await asked.clone().text()).toBe(302);
  const [estimate] = await estimatesOf(repair.id);
  return { repair: await repairRow(repair.id), estimateId: estimate!.id };
}

describe("estimates the customer approves", () => {
  it("sets Waiting for approval and tells the customer once, by text with their counter consent and by e-mail", async () => {
    const { repair, estimateId } = await repairAwaitingApproval();
    expect(repair).toMatchObject({ status: "waiting_approval", estimate_cents: 12000, version: 2 });
    expect(await estimatesOf(repair.id)).toEqual([
      expect.objectContaining({ id: estimateId, amount_cents: 12000, description: "Two prongs are worn thin: retip all four.", decision: null }),
    ]);
    const messages = await estimateMessages(repair.id);
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual([
      ["sms", repair.phone],
      ["email", "estimate@example.com"],
    ]);
    expect(messages[0]!.text_body).toBe(
      `Bartlett Fine Jewelry: your repair ${repair.ticket} needs your OK for an estimate of $120. Approve or decline at https://www.bartlettfinejewelry.example/repair?ticket=${repair.ticket} Reply STOP to opt out.`,
    );
    const fetchSpy = stubProviders();
    expect(await deliverOutboxMessage(env, messages[0]!.id, { ...senders(), now: messages[0]!.next_attempt_at + 1000 })).toBe("sent");
    expect(sentTexts(fetchSpy)).toHaveLength(1);

    // The same page posted again is stale: no second estimate, no second message.
    const again = await askForApproval({ ...repair, version: 1 }, "120", "Two prongs are worn thin: retip all four.");
    expect(again.status).toBe(409);
    expect(await estimatesOf(repair.id)).toHaveLength(1);
    expect(await estimateMessages(repair.id)).toHaveLength(2);
    const audit = await rows<{ action: string }>("SELECT action FROM audit_log WHERE target = ? ORDER BY id", `repairs #${repair.id}`);
    expect(audit.map((entry) => entry.action)).toContain("estimate-requested");
  });

  it("is not texted to a repair whose counter consent was for the ready text only (the older words)", async () => {
    const { repair } = await logRepair(cookie, { textConsent: "on" });
    await env.DB.prepare("UPDATE consent_records SET purpose = 'repair-ready' WHERE repair_id = ?").bind(repair.id).run();
    expect((await askForApproval(repair, "40", "Solder the chain.")).status).toBe(302);
    const [text] = await estimateMessages(repair.id);
    stubProviders();
    expect(await deliverOutboxMessage(env, text!.id, { ...senders(), now: text!.next_attempt_at + 1000 })).toBe("cancelled");
  });

  it("refuses an amount that is negative, not a number, missing or over $100,000, and a missing description, by the field", async () => {
    const { repair } = await logRepair(cookie);
    const cases: [string, string, string][] = [
      ["-5", "Retip", "The estimate can't be negative."],
      ["abc", "Retip", "Enter the estimate in dollars, like 85 or 85.50."],
      ["", "Retip", "Enter the estimate in dollars, like 85 or 85.50."],
      ["100001", "Retip", "Keep the estimate under $100,000."],
      ["50", "", "Describe the work found, for the customer."],
    ];
    for (const [amount, description, message] of cases) {
      const response = await askForApproval(repair, amount, description);
      expect(response.status, amount).toBe(400);
      expect(await textOf(response)).toContain(message);
    }
    expect(await repairRow(repair.id)).toMatchObject({ status: "received", version: 1 });
    expect(await estimatesOf(repair.id)).toHaveLength(0);
    // Waiting for approval is never set by the status alone.
    const byStatus = await setStatus(cookie, repair, "waiting_approval");
    expect(byStatus.status).toBe(400);
    expect(await textOf(byStatus)).toContain("use “Ask for approval” below");
  });

  it("shows the estimate on /repair; Approve records the time and address once, goes live, enters the history and the audit trail", async () => {
    const { repair, estimateId } = await repairAwaitingApproval();
    const ip = uniqueIp();
    const looked = await postForm("/repair", { ticket: repair.ticket, last4: last4Of(repair) }, { "CF-Connecting-IP": ip });
    const lookedHtml = await looked.text();
    expect(lookedHtml).toContain("Waiting for approval");
    expect(lookedHtml).toMatch(/Estimate: (<!-- -->)?\$120/);
    expect(lookedHtml).toContain("Two prongs are worn thin: retip all four.");
    expect(lookedHtml).toContain(`name="estimate" value="${estimateId}"`);

    const other = await signIn(await createStaff());
    const live = await openLiveSocket(other);
    const before = Date.now();
    const approved = await answer(repair, estimateId, "approve", { ip });
    expect(approved.status).toBe(200);
    expect(await textOf(approved)).toContain("Thank you: you approved the estimate.");
    await vi.waitFor(() =>
      expect(live.messages.map((m) => JSON.parse(m))).toContainEqual(expect.objectContaining({ type: "record-updated", list: "repairs", id: repair.id })),
    );
    live.socket.close();

    const [estimate] = await estimatesOf(repair.id);
    expect(estimate).toMatchObject({ decision: "approved", decided_ip: ip });
    expect(estimate!.decided_at).toBeGreaterThanOrEqual(before);
    expect(await repairRow(repair.id)).toMatchObject({ status: "in_progress", estimate_cents: 12000, version: 3, updated_by: "the customer, online" });
    const history = await rows<{ status: string; actor_email: string }>("SELECT status, actor_email FROM repair_events WHERE repair_id = ? ORDER BY id", repair.id);
    expect(history.at(-1)).toEqual({ status: "in_progress", actor_email: "the customer, online" });
    const audit = await rows<{ action: string; actor_email: string; ip: string }>(
      "SELECT action, actor_email, ip FROM audit_log WHERE target = ? AND action = 'estimate-approved'",
      `repairs #${repair.id}`,
    );
    expect(audit).toEqual([{ action: "estimate-approved", actor_email: "the customer, online", ip }]);
    const page = await (await getWithCookie(`/dashboard/repairs/${repair.id}`, cookie)).text();
    expect(page).toMatch(/Approved by the customer on \/repair, [^<]+, from 198\.51\./);

    // A second answer, either way, is refused politely and changes nothing.
    for (const decision of ["approve", "decline"]) {
      const again = await answer(repair, estimateId, decision);
      expect(again.status).toBe(409);
      expect(await textOf(again)).toMatch(/Already approved on [^;]+; call us at \(901\) 555-0142 to change it\./);
    }
    expect(await repairRow(repair.id)).toMatchObject({ status: "in_progress", version: 3 });
    expect(await rows("SELECT id FROM audit_log WHERE target = ? AND action LIKE 'estimate-%ed' AND action != 'estimate-requested'", `repairs #${repair.id}`)).toHaveLength(1);
  });

  it("Decline makes it Ready for pickup, not repaired, and the ready message says so", async () => {
    const { repair, estimateId } = await repairAwaitingApproval();
    const declined = await answer(repair, estimateId, "decline");
    expect(declined.status).toBe(200);
    expect(await textOf(declined)).toContain("Ready for pickup, not repaired");
    expect(await repairRow(repair.id)).toMatchObject({ status: "ready_unrepaired" });
    expect((await repairRow(repair.id)).ready_at).not.toBeNull();
    const ready = await rows<{ channel: string; text_body: string; subject: string }>(
      "SELECT channel, text_body, subject FROM outbox WHERE kind = 'repair-ready' AND lead_kind IS NULL AND record_id = ? ORDER BY id",
      repair.id,
    );
    expect(ready.map((message) => message.channel)).toEqual(["sms", "email"]);
    expect(ready[0]!.text_body).toContain(`your piece (repair ${repair.ticket}) is ready for pickup, not repaired, as you declined the estimate.`);
    expect(ready[1]!.subject).toBe(`Your piece (repair ${repair.ticket}) is ready for pickup, not repaired`);
    // The repair's page shows no estimate the customer agreed to: its details name the amount declined, beside the
    // estimate row that says declined, and the status form offers no amount a clerk's next save would keep.
    expect((await repairRow(repair.id)).estimate_cents).toBeNull();
    const page = await (await getWithCookie(`/dashboard/repairs/${repair.id}`, cookie)).text();
    expect(/data-testid="repair-estimate">([^<]*)</.exec(page)?.[1]).toBe("None: the customer declined $120");
    expect(page).toMatch(/data-decision="declined"><strong>\$120<\/strong>/);
    expect(/<input[^>]*name="estimate"[^>]*>/.exec(page)?.[0]).not.toContain("value=");
    // The estimate's own unsent messages are withdrawn: the repair no longer waits for approval.
    const [text] = await estimateMessages(repair.id);
    stubProviders();
    expect(await deliverOutboxMessage(env, text!.id, { ...senders(), now: text!.next_attempt_at + 1000 })).toBe("cancelled");
  });

  it("of two taps at once, one decides and the other is told it was decided", async () => {
    const { repair, estimateId } = await repairAwaitingApproval();
    const [first, second] = await Promise.all([answer(repair, estimateId, "approve"), answer(repair, estimateId, "decline")]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const [estimate] = await estimatesOf(repair.id);
    expect(["approved", "declined"]).toContain(estimate!.decision);
    expect(await rows("SELECT id FROM repair_events WHERE repair_id = ?", repair.id)).toHaveLength(3);
    expect((await repairRow(repair.id)).status).toBe(estimate!.decision === "approved" ? "in_progress" : "ready_unrepaired");
  });

  it("with no estimate waiting, or one since replaced, says so and changes nothing; a replayed answer changes nothing", async () => {
    const { repair: plain } = await logRepair(cookie);
    const none = await answer(plain, 1, "approve");
    expect(none.status).toBe(409);
    expect(await textOf(none)).toContain("There is no estimate waiting for your answer on this repair.");
    expect(await repairRow(plain.id)).toMatchObject({ status: "received", version: 1 });

    const { repair, estimateId: first } = await repairAwaitingApproval();
    expect((await askForApproval(repair, "150", "Retip all four and rhodium plate.")).status).toBe(302);
    const stale = await answer(repair, first, "approve");
    expect(stale.status).toBe(409);
    expect(await textOf(stale)).toContain("There is no estimate waiting for your answer");
    const estimates = await estimatesOf(repair.id);
    expect(estimates.map((estimate) => estimate.decision)).toEqual(["withdrawn", null]);

    const replayed = { ip: uniqueIp() };
    expect((await answer(repair, estimates[1]!.id, "approve", replayed)).status).toBe(200);
    const version = (await repairRow(repair.id)).version;
    expect((await answer(repair, estimates[1]!.id, "approve", replayed)).status).toBe(409);
    expect((await repairRow(repair.id)).version).toBe(version);
  });

  it("refuses a cross-site answer before it is read", async () => {
    const { repair, estimateId } = await repairAwaitingApproval();
    const crossSite = await answer(repair, estimateId, "approve", { headers: { Origin: "https://attacker.example" } });
    expect(crossSite.status).toBe(403);
    expect((await estimatesOf(repair.id))[0]!.decision).toBeNull();
    expect((await repairRow(repair.id)).status).toBe("waiting_approval");
  });

  it("answers wrong digits as the look-up does, and counts them against the same limits, per client and per ticket", async () => {
    const { repair, estimateId } = await repairAwaitingApproval();
    const wrong = last4Of(repair) === "0000" ? "1111" : "0000";
    const ip = uniqueIp();
    const miss = await answer(repair, estimateId, "approve", { ip, last4: wrong });
    expect(miss.status).toBe(404);
    expect(await textOf(miss)).toContain("We couldn't find that repair. Check both the ticket number and the last 4 digits of your phone");
    for (let i = 1; i < MISSES_PER_HOUR; i++) expect((await answer(repair, estimateId, "approve", { ip, last4: wrong })).status).toBe(404);
    const waiting = await answer(repair, estimateId, "approve", { ip });
    expect(waiting.status).toBe(429);
    expect(await textOf(waiting)).toContain("Too many look-ups");

    // From many clients: the ticket pauses after its daily misses, and then even the right digits cannot answer.
    for (let i = MISSES_PER_HOUR; i < MISSES_PER_TICKET_PER_DAY; i++) expect((await answer(repair, estimateId, "decline", { last4: wrong })).status).toBe(404);
    const paused = await answer(repair, estimateId, "approve");
    expect(paused.status).toBe(429);
    expect(await textOf(paused)).toContain("we have paused its look-up");
    expect((await estimatesOf(repair.id))[0]!.decision).toBeNull();
    expect((await repairRow(repair.id)).status).toBe("waiting_approval");
  });

  it("a clerk moving the repair on withdraws the unanswered estimate", async () => {
    const { repair, estimateId } = await repairAwaitingApproval();
    expect((await setStatus(cookie, repair, "in_progress", { staffNote: "Approved by phone" })).status).toBe(302);
    expect((await estimatesOf(repair.id))[0]!.decision).toBe("withdrawn");
    expect((await answer(repair, estimateId, "decline")).status).toBe(409);
  });
});

describe("the claim ticket's two copies", () => {
  it("has the customer's copy with drop-off date, initials and the SAMPLE terms, and a store copy with name, phone and condition", async () => {
    const fields = repairFields({ name: "Tina Ticket", conditionNotes: "Chip on the table facet." });
    expect((await postIntake(fields, [], { picks: ["Worn prongs"] })).status).toBe(302);
    const repair = (await repairByForm(fields.formId!))!;
    const html = await (await getWithCookie(`/dashboard/repairs/${repair.id}/ticket`, cookie)).text();
    const customer = /<article[^>]*data-copy="customer"[\s\S]*?<\/article>/.exec(html)?.[0] ?? "";
    const store = /<article[^>]*data-copy="store"[\s\S]*?<\/article>/.exec(html)?.[0] ?? "";
    expect(customer).toContain(repair.ticket);
    expect(customer).toContain("Dropped off");
    expect(customer).toMatch(/Taken in by<\/dt><dd>[A-Z0-9]{1,3}<\/dd>/);
    expect(customer).toContain("Pieces not picked up within 90 days");
    expect(customer).not.toContain("Tina Ticket");
    expect(html).toContain("Cut here");
    expect(store).toContain(repair.ticket);
    expect(store).toContain("Tina Ticket");
    const digits = repair.phone.replace(/\D/g, "").slice(1);
    expect(store).toContain(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
    expect(store).toContain("Worn prongs. Chip on the table facet.");
    expect(store).toContain("14k yellow gold ring");
  });
});

describe("picked up", () => {
  it("records who handed the piece over and when, on the repair's page", async () => {
    const { repair } = await logRepair(cookie);
    const colleague = await createStaff();
    expect((await setStatus(await signIn(colleague), repair, "picked_up")).status).toBe(302);
    const page = await (await getWithCookie(`/dashboard/repairs/${repair.id}`, cookie)).text();
    expect(/data-testid="handed-over">([^<]*)</.exec(page)?.[1]).toMatch(new RegExp(`^By ${colleague.email.replace(/[.+]/g, "\\$&")}, \\w{3} \\d{1,2}, \\d{4}`));
  });
});

describe("the Repairs list", () => {
  it("shows a repair as new to colleagues, never to the clerk who logged it", async () => {
    const colleague = await signIn(await createStaff());
    await getWithCookie("/dashboard/repairs", cookie);
    await getWithCookie("/dashboard/repairs", colleague);
    const { repair } = await logRepair(cookie, { name: "Own Repair" });
    const mine = await (await getWithCookie("/dashboard/repairs?live=1&q=Own", cookie)).text();
    expect(mine).toMatch(new RegExp(`data-id="${repair.id}" data-unread="false"`));
    expect(mine).not.toContain('data-testid="badge-repairs"');
    const theirs = await (await getWithCookie("/dashboard/repairs?live=1&q=Own", colleague)).text();
    expect(theirs).toMatch(new RegExp(`data-id="${repair.id}" data-unread="true"`));
    expect(theirs).toMatch(/data-testid="badge-repairs" data-count="1"/);
  });
});
