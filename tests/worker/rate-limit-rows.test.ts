// Rate-limit counters are rows in D1. A refused request must not add rows, and
// the cron must delete expired ones at least as fast as the limits let them grow.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COUNTER_PURGE_PER_RUN, purgeExpiredRecords, RETENTION } from "../../app/jobs/retention.server";
import { postForm } from "./helpers";

async function counters(pattern: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE ?").bind(pattern).first<{ n: number }>();
  return row!.n;
}

describe("rate-limit rows from refused traffic", () => {
  it("a blocked address trying 25 new e-mails gets 429 each time and creates no counter for any of them", async () => {
    const ip = "192.0.2.77";
    const login = (email: string) =>
      postForm("/login", { email, password: "not-the-password-123" }, { "CF-Connecting-IP": ip });

    // Five failures block the address (decision 033).
    for (let i = 0; i < 5; i++) expect((await login(`rows-warmup-${i}@example.com`)).status).toBe(401);
    expect(await counters("login:email:rows-warmup-%")).toBe(5);

    for (let i = 0; i < 25; i++) {
      const response = await login(`rows-blocked-${i}@example.com`);
      expect(response.status).toBe(429);
      expect(await response.text()).toContain("Too many failed sign-in attempts");
    }
    expect(await counters("login:email:rows-blocked-%")).toBe(0);
    // The address's own counter is the one row that says it is blocked.
    expect(await counters(`login:ip:${ip}`)).toBe(1);
  });
});

describe("the cron's cleanup of counters", () => {
  it(`deletes every expired counter in one run, up to ${COUNTER_PURGE_PER_RUN}, and keeps the live ones`, async () => {
    const now = Date.UTC(2031, 5, 1);
    const expired = 30_000;
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO rate_limits (key, window_start, count) SELECT 'purge:old:' || i, ?, 1 FROM n`,
    )
      .bind(expired, now - RETENTION.rateLimitsMs - 1)
      .run();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
       INSERT INTO rate_limits (key, window_start, count) SELECT 'purge:live:' || i, ?, 1 FROM n`,
    )
      .bind(now - 60_000)
      .run();

    await purgeExpiredRecords(env, now);

    expect(await counters("purge:old:%")).toBe(0);
    expect(await counters("purge:live:%")).toBe(100);
  });
});
