import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { store } from "../../app/config/store";
import { MAILCHANNELS_SEND_URL, mailChannelsNotifier } from "../../app/messaging/mailchannels.server";
import { deliverDueOutbox, deliverOutboxMessage, MAX_ATTEMPTS, retryDelayMs } from "../../app/messaging/outbox-delivery.server";
import { formRateLimiter } from "../../app/http/rate-limit.server";
import { postLead, rows, uniqueIp } from "./lead-helpers";

// The e-mail API is the one thing outside the machine: fetch is stubbed at that
// boundary, everything else (D1, the outbox rows, the Worker) is real.

type OutboxRow = { id: number; status: string; attempts: number; next_attempt_at: number; last_error: string | null; sent_at: number | null };

const MINUTE = 60 * 1000;

async function outboxRowFor(name: string, table = "contact_messages", kind = "contact"): Promise<OutboxRow> {
  const [row] = await rows<OutboxRow>(
    `SELECT o.id, o.status, o.attempts, o.next_attempt_at, o.last_error, o.sent_at
       FROM outbox o JOIN ${table} r ON r.id = o.record_id AND o.kind = ? WHERE r.name = ?`,
    kind,
    name,
  );
  if (!row) throw new Error(`no outbox row for ${name}`);
  return row;
}

async function outboxRow(id: number): Promise<OutboxRow> {
  return (await rows<OutboxRow>("SELECT id, status, attempts, next_attempt_at, last_error, sent_at FROM outbox WHERE id = ?", id))[0]!;
}

/** A contact message posted through the real form; its e-mail waits in the outbox (no key in tests). */
async function postMessage(name: string, message = "Please call me back.") {
  const response = await postLead("/contactus", "contact", {
    name,
    phone: "901-555-0123",
    email: "sender@example.com",
    message,
    smsConsent: "on",
  });
  expect(response.status).toBe(302);
  return outboxRowFor(name);
}

/** Other tests' e-mails also wait in this database; set them aside so a cron run here sees only this one. */
async function onlyThisRowWaits(id: number) {
  await env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status != 'sent' AND id != ?").bind(id).run();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("staff notification e-mails", () => {
  it("are queued pending in the same batch as the record and held (logged) without an API key", async () => {
    const log = vi.spyOn(console, "log");
    const row = await postMessage("No Key Yet");
    expect(row).toMatchObject({ status: "pending", attempts: 0, sent_at: null });
    expect(await deliverOutboxMessage(env, row.id)).toBe("held");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("MAILCHANNELS_API_KEY is not set"));
    expect(await outboxRow(row.id)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("sends exactly the expected request to the MailChannels Email API", async () => {
    const row = await postMessage("Exact Request", 'Line one\nI said "<b>hi</b>" & <script>alert(1)</script>');
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const now = Date.now();

    expect(await deliverOutboxMessage(env, row.id, { notifier: mailChannelsNotifier("test-api-key"), now })).toBe("sent");

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe("https://api.mailchannels.net/tx/v1/send");
    expect(url).toBe(MAILCHANNELS_SEND_URL);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("X-Api-Key")).toBe("test-api-key");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    const body = JSON.parse(String(init?.body));
    expect(body.personalizations).toEqual([{ to: [{ email: store.notifications.to }] }]);
    expect(body.from).toEqual({ email: store.notifications.from, name: store.name });
    // The subject is fixed text: no visitor value reaches a mail header.
    expect(body.subject).toBe("New contact message");
    expect(body.content.map((part: { type: string }) => part.type)).toEqual(["text/plain", "text/html"]);
    const [text, html] = body.content.map((part: { value: string }) => part.value);
    expect(text).toContain("Name: Exact Request");
    expect(text).toContain('I said "<b>hi</b>" & <script>alert(1)</script>');
    // Every visitor value is escaped in the HTML.
    expect(html).toContain("I said &quot;&lt;b&gt;hi&lt;/b&gt;&quot; &amp; &lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>hi");

    const sent = await outboxRow(row.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(sent.sent_at).toBeGreaterThanOrEqual(now);
  });

  it("marks a 500 from the API as failed, backs off, and the cron sends it on a later run", async () => {
    const row = await postMessage("Flaky Provider");
    await onlyThisRowWaits(row.id);
    const notifier = mailChannelsNotifier("test-api-key");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("upstream broke", { status: 500 }));
    const now = Date.now();

    expect(await deliverOutboxMessage(env, row.id, { notifier, now })).toBe("failed");
    const failed = await outboxRow(row.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, sent_at: null });
    expect(failed.last_error).toContain("MailChannels answered 500: upstream broke");
    expect(failed.next_attempt_at).toBe(now + retryDelayMs(1));
    expect(retryDelayMs(1)).toBe(5 * MINUTE);

    // Not due yet: the cron leaves it alone.
    await deliverDueOutbox(env, { notifier, now: now + MINUTE });
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    fetchSpy.mockResolvedValue(new Response(null, { status: 202 }));
    const outcomes = await deliverDueOutbox(env, { notifier, now: now + 5 * MINUTE });
    expect(outcomes).toEqual(["sent"]);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(await outboxRow(row.id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("gives up waiting after the timeout, records it, and retries later", async () => {
    const row = await postMessage("Slow Provider");
    // An API that never answers: the request only ends when the notifier's timeout aborts it.
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
        }),
    );
    const now = Date.now();
    const outcome = await deliverOutboxMessage(env, row.id, { notifier: mailChannelsNotifier("test-api-key", { timeoutMs: 50 }), now });
    expect(outcome).toBe("failed");
    const failed = await outboxRow(row.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.last_error).toMatch(/TimeoutError/);
    expect(failed.next_attempt_at).toBe(now + 5 * MINUTE);
  });

  it("doubles the wait after each failure, up to six hours, and stops after the last attempt", async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5 * MINUTE, 10 * MINUTE, 20 * MINUTE, 40 * MINUTE]);
    expect(retryDelayMs(20)).toBe(6 * 60 * MINUTE);

    const row = await postMessage("Hopeless Provider");
    await env.DB.prepare("UPDATE outbox SET status = 'failed', attempts = ? WHERE id = ?").bind(MAX_ATTEMPTS, row.id).run();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    expect(await deliverOutboxMessage(env, row.id, { notifier: mailChannelsNotifier("k"), now: Date.now() + 24 * 60 * MINUTE })).toBe("skipped");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("never sends one row twice when the cron and the request's waitUntil reach it together", async () => {
    const row = await postMessage("Two Senders");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const notifier = mailChannelsNotifier("test-api-key");
    const now = Date.now();
    const outcomes = await Promise.all([
      deliverOutboxMessage(env, row.id, { notifier, now }),
      deliverOutboxMessage(env, row.id, { notifier, now }),
    ]);
    expect(outcomes.sort()).toEqual(["sent", "skipped"]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("runs from the Worker's Cron Trigger", async () => {
    const row = await postMessage("Cron Run");
    await onlyThisRowWaits(row.id);
    const log = vi.spyOn(console, "log");
    // The Worker's own scheduled() export, as the Cron Trigger calls it.
    const worker = (exports as unknown as { default: { scheduled(options: { cron: string }): Promise<void> } }).default;
    await worker.scheduled({ cron: "*/5 * * * *" });
    // Without a key the cron reports what waits instead of sending.
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith("1 staff e-mails wait in the outbox until MAILCHANNELS_API_KEY is set."));
    expect(await outboxRow(row.id)).toMatchObject({ status: "pending" });
  });
});

describe("form rate limiter", () => {
  it("uses the Workers Rate Limiting binding where it is bound", async () => {
    expect(env.FORM_RATE_LIMITER).toBeDefined();
    const limiter = formRateLimiter(env);
    const key = `form:test:${uniqueIp()}`;
    const results = [];
    for (let i = 0; i < 6; i++) results.push((await limiter.hit(key)).allowed);
    expect(results).toEqual([true, true, true, true, true, false]);
  });

  it("falls back to the D1 counter (5 per 10 minutes) where it is not", async () => {
    const limiter = formRateLimiter({ ...env, FORM_RATE_LIMITER: undefined });
    const key = `form:test:${uniqueIp()}`;
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await limiter.hit(key));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results[5]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[5]!.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(await rows("SELECT count FROM rate_limits WHERE key = ?", key)).toEqual([{ count: 6 }]);
  });
});
