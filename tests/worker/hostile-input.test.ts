// The hostile-input corpus (tests/worker/hostile/) against every public form
// and the login. Each rejected request must get its 4xx and its message and
// store nothing; each accepted one must store exactly one record. The counts
// are printed (and collected by npm run bench into docs/BENCHMARKS.md).
import { env, SELF } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { hostileCases, type FormUnderTest, type HostileRequest } from "./hostile/corpus";
import { FORMS_UNDER_TEST } from "./hostile/targets";
import { ORIGIN } from "./helpers";

const LEAD_TABLES = { contact: "contact_messages", order: "orders", booking: "appointments" } as const;

let visitors = 0;
/** Every case is a different visitor, so the per-visitor limits (forms, sign-in) never decide a case. */
const nextIp = () => {
  const n = ++visitors;
  return `10.77.${(n >> 8) & 255}.${n & 255}`;
};

function send(form: FormUnderTest, request: HostileRequest, ip: string, valid: Record<string, string>): Promise<Response> {
  const headers = new Headers({ Origin: ORIGIN, "CF-Connecting-IP": ip });
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === "") headers.delete(name);
    else headers.set(name, value);
  }
  let body: BodyInit;
  if (request.rawBody !== undefined) {
    body = typeof request.rawBody === "function" ? request.rawBody() : request.rawBody;
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (request.multipart) {
    const formData = new FormData();
    for (const [name, value] of request.entries ?? []) formData.append(name, value);
    body = formData; // fetch writes the multipart Content-Type with its boundary
  } else {
    body = new URLSearchParams((request.entries ?? []) as [string, string][]);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  if (request.contentType === null) headers.delete("Content-Type");
  else if (request.contentType !== undefined) headers.set("Content-Type", request.contentType);
  const formPath = request.path ?? form.pathFor?.(valid) ?? form.path;
  const path = request.dataRequest ? `${formPath}.data` : formPath;
  return SELF.fetch(`${ORIGIN}${path}`, { method: "POST", redirect: "manual", headers, body });
}

/** What a rejected request must not have changed, and where an accepted one lands. */
async function storedCounts(form: FormUnderTest) {
  if (form.id === "login") return { records: 0, outbox: 0, consent: 0 };
  const count = async (table: string) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  if (form.id === "invitation") return { records: await count("users"), outbox: 0, consent: 0 };
  return {
    records: await count(LEAD_TABLES[form.id]),
    outbox: await count("outbox"),
    consent: await count("consent_records"),
  };
}

function decodeEntities(html: string) {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function sessionCookieOf(response: Response) {
  return response.headers.getSetCookie().find((cookie) => /^staff_session=[^;]+/.test(cookie));
}

for (const form of FORMS_UNDER_TEST) {
  const cases = hostileCases(form);
  const tally = { accepted: 0, rejected: 0 };

  describe(`hostile input: ${form.id} (${form.path})`, () => {
    afterAll(() => {
      console.log(
        `hostile input | ${form.id} | ${cases.length} cases | ${tally.accepted} accepted | ${tally.rejected} rejected`,
      );
    });

    it("has at least 50 cases", () => {
      expect(cases.length).toBeGreaterThanOrEqual(50);
    });

    for (const testCase of cases) {
      it(testCase.name, async () => {
        const valid = await form.valid();
        const request = await testCase.build(valid);
        const before = await storedCounts(form);
        const ip = nextIp();
        let response = await send(form, request, ip, valid);
        const body = await response.text();
        if (request.twice) {
          response = await send(form, request, ip, valid);
          await response.text();
        }
        const after = await storedCounts(form);

        // Never a server error, and never a reflected script.
        expect(response.status, body.slice(0, 500)).toBeLessThan(500);
        const sentScript = JSON.stringify(request.entries ?? "").includes("<script>");
        if (sentScript) expect(body).not.toContain("<script>alert");

        if ("rejected" in testCase.expect) {
          tally.rejected++;
          expect(response.status, decodeEntities(body).slice(0, 300)).toBe(testCase.expect.rejected);
          expect(decodeEntities(body)).toContain(testCase.expect.message);
          expect(after, "nothing stored for a rejected request").toEqual(before);
          if (form.id === "login") expect(sessionCookieOf(response)).toBeUndefined();
          return;
        }

        tally.accepted++;
        expect(response.status, decodeEntities(body).slice(0, 300)).toBeLessThan(400);
        if (form.id === "login") {
          // A document post redirects; the JavaScript data endpoint answers 202 with the redirect inside.
          expect(response.status).toBe(request.dataRequest ? 202 : 302);
          expect(sessionCookieOf(response)).toBeDefined();
          testCase.expect.check?.({ location: response.headers.get("Location") });
          return;
        }
        if (form.id === "invitation") {
          expect(after.records - before.records, "exactly one account made").toBe(1);
          return;
        }
        expect(after.records - before.records, "exactly one record stored").toBe(1);
        expect(after.outbox - before.outbox, "exactly one staff e-mail queued").toBe(1);
        const row = await env.DB.prepare(`SELECT * FROM ${LEAD_TABLES[form.id]} ORDER BY id DESC LIMIT 1`).first();
        testCase.expect.check?.(row!);
      });
    }
  });
}
