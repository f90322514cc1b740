// The hostile-input corpus as data: each case says how to spoil a valid
// submission and what the server must answer. Generic cases are generated from
// a form's field rules (targets.ts); the runner is tests/worker/hostile-input.test.ts.

import { store } from "../../../app/config/store";

export type FormEntries = [string, string | File][];

export interface HostileRequest {
  /** Sent as application/x-www-form-urlencoded (or multipart), in this order, so a field may repeat. */
  entries?: FormEntries;
  multipart?: boolean;
  /** Sent as is instead of `entries`. */
  rawBody?: string | Uint8Array<ArrayBuffer> | (() => ReadableStream<Uint8Array>);
  /** Replaces the form content type; null sends none. */
  contentType?: string | null;
  /** Added to (or replacing) the same-origin browser headers. */
  headers?: Record<string, string>;
  /** The JavaScript path: React Router's `.data` endpoint instead of the document. */
  dataRequest?: boolean;
  /** Post the same request twice (a double click or a retry). */
  twice?: boolean;
  /** Sent to this scheme and host instead of the site's own (a forged Host header). */
  host?: string;
  /** Post to this path instead of the form's own (a tampered link). */
  path?: string;
}

export type Outcome =
  /**
   * Refused, nothing stored; but `holds` photos kept privately in R2 for the form's next send, when it was refused
   * only for its answers (decision 148): no row names them, and the nightly sweep deletes them if none comes.
   */
  | { rejected: number; message: string; holds?: number }
  /** Stored exactly once; `check` sees the stored row and the staff e-mail queued with it. */
  | { accepted: true; check?: (row: Record<string, unknown>, email: Record<string, unknown>) => void };

export interface FieldRule {
  name: string;
  kind: "single-line" | "email" | "phone" | "multi-line" | "choice" | "consent" | "password" | "date" | "time";
  /** The message when it is missing or blank. */
  required: string;
  /** The message for only spaces, where it differs from `required`. */
  blank?: string;
  max?: { length: number; message: string };
  /** The message for characters or a format the field refuses. */
  invalid?: string;
}

export interface TokenRules {
  field: string;
  invalid: string;
  expired: string;
  /** A genuinely signed token issued `ageMs` ago (negative: in the future). */
  signed(ageMs: number): Promise<string>;
  /** A genuine token for a different form. */
  otherForm(): Promise<string>;
}

export interface FormUnderTest {
  id: "contact" | "order" | "booking" | "login" | "invitation";
  path: string;
  /** Where this valid submission posts, when each has its own address (an invitation link). */
  pathFor?(valid: Record<string, string>): string;
  fields: FieldRule[];
  token?: TokenRules;
  honeypot?: { field: string; message: string };
  /** A fresh valid submission (its own token, slot, identity). */
  valid(): Promise<Record<string, string>>;
  /** The field a stored row is checked by, and its column. */
  identity: { field: string; column: string };
  /** Cases only this form has. */
  extraCases(): HostileCase[];
}

export interface HostileCase {
  name: string;
  build(valid: Record<string, string>): HostileRequest | Promise<HostileRequest>;
  expect: Outcome;
}

/** Message for a refused post that is not a form, too big, unreadable or from another site (workers/request-guards.ts). */
export const GUARD_MESSAGES = {
  tooLarge: "This submission is too large.",
  notAForm: "Send this form as a regular web form.",
  unreadable: "We couldn't read this form.",
  crossSite: "This form must be sent from this website.",
} as const;

const ONE_MEGABYTE = 1024 * 1024;

/**
 * Characters no name, e-mail, phone, description or message needs: bidi marks
 * and overrides reorder what staff read, separators break a line where a
 * single-line field has none, the byte order mark and noncharacters are not
 * text, C1 controls drive terminals. Every text field refuses them.
 */
export const INVISIBLE_OR_BREAKING: [label: string, character: string][] = [
  ["left-to-right mark U+200E", "\u200e"],
  ["right-to-left mark U+200F", "\u200f"],
  ["Arabic letter mark U+061C", "\u061c"],
  ["right-to-left override U+202E", "\u202e"],
  ["first-strong isolate U+2068", "\u2068"],
  ["line separator U+2028", "\u2028"],
  ["paragraph separator U+2029", "\u2029"],
  ["byte order mark U+FEFF inside the text", "\ufeff"],
  ["noncharacter U+FFFE", "\ufffe"],
  ["noncharacter U+FFFF", "\uffff"],
  ["noncharacter U+FDD0", "\ufdd0"],
  ["C1 control U+0085 (next line)", "\u0085"],
  ["C1 control U+009B (terminal escape)", "\u009b"],
];

/** Valid fields as ordered entries, with some replaced, removed or added. */
export function entriesOf(valid: Record<string, string>, changes: Record<string, string | null> = {}): FormEntries {
  const merged: Record<string, string | null> = { ...valid, ...changes };
  return Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null);
}

function chunkedBody(bytes: number): () => ReadableStream<Uint8Array> {
  return () => {
    let sent = 0;
    const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      },
    });
  };
}

const stored = (check?: (row: Record<string, unknown>, email: Record<string, unknown>) => void): Outcome => ({ accepted: true, check });
const refused = (status: number, message: string): Outcome => ({ rejected: status, message });

/** Cases for one field, from its rule. */
function fieldCases(form: FormUnderTest, rule: FieldRule): HostileCase[] {
  const { name } = rule;
  const cases: HostileCase[] = [
    { name: `${name}: missing`, build: (v) => ({ entries: entriesOf(v, { [name]: null }) }), expect: refused(400, rule.required) },
  ];
  if (rule.kind === "consent") {
    cases.push(
      { name: `${name}: not "on"`, build: (v) => ({ entries: entriesOf(v, { [name]: "yes" }) }), expect: refused(400, rule.required) },
    );
    return cases;
  }
  if (rule.kind !== "password") {
    cases.push(
      { name: `${name}: empty`, build: (v) => ({ entries: entriesOf(v, { [name]: "" }) }), expect: refused(400, rule.required) },
      { name: `${name}: only spaces`, build: (v) => ({ entries: entriesOf(v, { [name]: "   \t " }) }), expect: refused(400, rule.blank ?? rule.required) },
    );
  }
  cases.push({
    name: `${name}: sent twice with different values`,
    build: (v) => ({ entries: [...entriesOf(v), [name, `${v[name] ?? "x"}-again`]] }),
    expect: refused(400, rule.required),
  });
  cases.push({
    name: `${name}: a file instead of text`,
    build: (v) => ({
      multipart: true,
      entries: [...entriesOf(v, { [name]: null }), [name, new File(["<svg onload=alert(1)>"], "x.svg", { type: "image/svg+xml" })]],
    }),
    expect: refused(400, rule.required),
  });
  if (rule.max) {
    const { length, message } = rule.max;
    const padded = (v: Record<string, string>) => {
      const base = v[name] ?? "";
      if (rule.kind === "email") return `${"a".repeat(Math.max(1, length + 1 - "@example.com".length))}@example.com`;
      return base + "x".repeat(Math.max(0, length + 1 - base.length));
    };
    cases.push({ name: `${name}: ${length + 1} characters`, build: (v) => ({ entries: entriesOf(v, { [name]: padded(v) }) }), expect: refused(400, message) });
    cases.push({
      name: `${name}: 60,000 characters (under the body limit)`,
      build: (v) => ({ entries: entriesOf(v, { [name]: "y".repeat(60_000) }) }),
      expect: refused(400, rule.kind === "email" ? rule.max.message : message),
    });
  }
  if (rule.kind === "single-line" || rule.kind === "email") {
    const invalid = rule.invalid ?? rule.required;
    cases.push(
      { name: `${name}: CR/LF header injection`, build: (v) => ({ entries: entriesOf(v, { [name]: `${v[name]}\r\nBcc: victim@example.com` }) }), expect: refused(400, invalid) },
      { name: `${name}: bare LF`, build: (v) => ({ entries: entriesOf(v, { [name]: `${v[name]}\nX` }) }), expect: refused(400, invalid) },
      { name: `${name}: NUL byte`, build: (v) => ({ entries: entriesOf(v, { [name]: `${v[name]}\u0000` }) }), expect: refused(400, invalid) },
      { name: `${name}: escape character`, build: (v) => ({ entries: entriesOf(v, { [name]: `${v[name]}\u001b[31m` }) }), expect: refused(400, invalid) },
    );
  }
  if (rule.kind === "single-line" || rule.kind === "email" || rule.kind === "multi-line") {
    // One rule for every text field: nothing that reorders, hides or breaks what staff read.
    const invalid = rule.invalid ?? rule.required;
    for (const [label, character] of INVISIBLE_OR_BREAKING) {
      cases.push({ name: `${name}: ${label}`, build: (v) => ({ entries: entriesOf(v, { [name]: `${v[name]}${character}x` }) }), expect: refused(400, invalid) });
    }
  }
  if (rule.kind === "email") {
    const invalid = rule.invalid!;
    for (const [label, value] of [
      ["script tag", "<script>alert(1)</script>@example.com"],
      ["SQL metacharacters", "x' OR '1'='1@example.com"],
      ["no domain", "ada@"],
      ["two @", "ada@@example.com"],
      ["non-ASCII domain spoof", "ada@exаmple.com"],
      ["zero-width space", "ada\u200b@example.com"],
      ["RTL override", "ada\u202e@example.com"],
    ] as const) {
      cases.push({ name: `${name}: ${label}`, build: (v) => ({ entries: entriesOf(v, { [name]: value }) }), expect: refused(400, invalid) });
    }
  }
  if (rule.kind === "phone") {
    const invalid = rule.invalid!;
    for (const [label, value] of [
      ["letters", "call me maybe"],
      ["script tag", "<script>alert(1)</script>"],
      ["SQL metacharacters", "901'; DROP TABLE users;--"],
      ["6 digits", "555012"],
      ["31 characters", "1".repeat(31)],
      ["full-width digits", "９０１５５５０１００"],
      ["CR/LF inside", "901\r\n555 0100"],
      ["only plus signs", "+++++++"],
      ["only dots", "......."],
      ["only parentheses", "((((((("],
      ["only dashes and spaces", "--- --- ----"],
      ["punctuation around 6 digits", "+1 (55) 50-1..."],
    ] as const) {
      cases.push({ name: `${name}: ${label}`, build: (v) => ({ entries: entriesOf(v, { [name]: value }) }), expect: refused(400, invalid) });
    }
  }
  if (rule.kind === "choice") {
    for (const [label, value] of [
      ["a value not offered", "Diamond Tiara"],
      ["different letter case", "OTHER"],
      ["script tag", "<script>alert(1)</script>"],
    ] as const) {
      cases.push({ name: `${name}: ${label}`, build: (v) => ({ entries: entriesOf(v, { [name]: value }) }), expect: refused(400, rule.invalid ?? rule.required) });
    }
  }
  void form;
  return cases;
}

/** What the free-text identity field (the name) must accept and store exactly as typed. */
function storedVerbatim(column: string, value: string): Outcome {
  return stored((row) => {
    if (row[column] !== value) throw new Error(`${column} stored as ${JSON.stringify(row[column])}, sent ${JSON.stringify(value)}`);
  });
}

/** Cases every form shares: transport, origin, content type, size, token, honeypot, unknown fields, unicode. */
function sharedCases(form: FormUnderTest): HostileCase[] {
  const identity = form.identity.field;
  const cases: HostileCase[] = [
    // Baseline: the same valid form, as a browser sends it, is stored once.
    { name: "valid form (control case)", build: (v) => ({ entries: entriesOf(v) }), expect: stored() },
    { name: "valid form sent as multipart", build: (v) => ({ entries: entriesOf(v), multipart: true }), expect: stored() },
    { name: "valid form through the JavaScript data endpoint", build: (v) => ({ entries: entriesOf(v), dataRequest: true }), expect: stored() },

    // Transport.
    { name: "1 MB body with Content-Length", build: (v) => ({ rawBody: `${new URLSearchParams(v)}&pad=${"p".repeat(ONE_MEGABYTE)}` }), expect: refused(413, GUARD_MESSAGES.tooLarge) },
    { name: "1 MB body streamed without Content-Length", build: () => ({ rawBody: chunkedBody(ONE_MEGABYTE) }), expect: refused(413, GUARD_MESSAGES.tooLarge) },
    { name: "65 KB body, just over the limit", build: (v) => ({ rawBody: `${new URLSearchParams(v)}&pad=${"p".repeat(65 * 1024)}` }), expect: refused(413, GUARD_MESSAGES.tooLarge) },
    { name: "JSON instead of a form", build: (v) => ({ rawBody: JSON.stringify(v), contentType: "application/json" }), expect: refused(415, GUARD_MESSAGES.notAForm) },
    { name: "text/plain body", build: (v) => ({ rawBody: String(new URLSearchParams(v)), contentType: "text/plain" }), expect: refused(415, GUARD_MESSAGES.notAForm) },
    { name: "no content type", build: (v) => ({ rawBody: String(new URLSearchParams(v)), contentType: null }), expect: refused(415, GUARD_MESSAGES.notAForm) },
    { name: "XML body", build: () => ({ rawBody: "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>", contentType: "application/xml" }), expect: refused(415, GUARD_MESSAGES.notAForm) },
    { name: "multipart without a boundary", build: () => ({ rawBody: "name=x", contentType: "multipart/form-data" }), expect: refused(400, GUARD_MESSAGES.unreadable) },
    { name: "multipart with a boundary the body never uses", build: () => ({ rawBody: "--other\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nx\r\n--other--\r\n", contentType: "multipart/form-data; boundary=expected" }), expect: refused(400, GUARD_MESSAGES.unreadable) },
    { name: "binary garbage as a urlencoded form", build: () => ({ rawBody: new Uint8Array([0xff, 0xfe, 0x00, 0x3d, 0x26, 0x25, 0xc3, 0x28, 0xa0, 0xa1]) }), expect: refused(400, form.fields[0]!.required) },

    // Origin.
    { name: "cross-origin post (Origin of another site)", build: (v) => ({ entries: entriesOf(v), headers: { Origin: "https://evil.example" } }), expect: refused(403, GUARD_MESSAGES.crossSite) },
    { name: "opaque Origin: null (sandboxed frame)", build: (v) => ({ entries: entriesOf(v), headers: { Origin: "null" } }), expect: refused(403, GUARD_MESSAGES.crossSite) },
    { name: "same host, other port", build: (v) => ({ entries: entriesOf(v), headers: { Origin: "http://localhost:9999" } }), expect: refused(403, GUARD_MESSAGES.crossSite) },
    { name: "same host over https (scheme mismatch)", build: (v) => ({ entries: entriesOf(v), headers: { Origin: "https://localhost:8787" } }), expect: refused(403, GUARD_MESSAGES.crossSite) },
    { name: "no Origin, Referer from another site", build: (v) => ({ entries: entriesOf(v), headers: { Origin: "", Referer: "https://evil.example/form.html" } }), expect: refused(403, GUARD_MESSAGES.crossSite) },

  ];
  // Nothing typed on these pages is stored as text to be checked verbatim.
  if (form.id === "login" || form.id === "invitation") return [...cases, ...tokenAndHoneypotCases(form)];

  cases.push(
    // Unknown and malicious field names are ignored; staff-only columns cannot be set.
    {
      name: "unknown fields trying to set staff-only columns",
      build: (v) => ({ entries: [...entriesOf(v), ["id", "999999"], ["status", "done"], ["staffNote", "approved"], ["staff_note", "x"], ["createdAt", "0"], ["isAdmin", "true"]] }),
      expect: stored((row) => {
        if (row.id === 999999 || row.status !== "new" || row.version !== 1) throw new Error(`staff columns were set: ${JSON.stringify(row)}`);
      }),
    },
    {
      name: "prototype-polluting field names",
      build: (v) => ({ entries: [...entriesOf(v), ["__proto__[polluted]", "yes"], ["constructor.prototype.polluted", "yes"], ["__proto__.polluted", "yes"]] }),
      expect: stored(() => {
        if ((Object.prototype as Record<string, unknown>).polluted !== undefined) throw new Error("Object.prototype was polluted");
      }),
    },
    { name: "1,000 unknown fields (under the size limit)", build: (v) => ({ entries: [...entriesOf(v), ...Array.from({ length: 1000 }, (_, i): [string, string] => [`f${i}`, "1"])] }), expect: stored() },

    // Free text that looks like code is data: stored exactly, escaped when shown.
    { name: `${identity}: script tag`, build: (v) => ({ entries: entriesOf(v, { [identity]: "<script>alert('x')</script>" }) }), expect: storedVerbatim(form.identity.column, "<script>alert('x')</script>") },
    { name: `${identity}: HTML with an event handler`, build: (v) => ({ entries: entriesOf(v, { [identity]: '<img src=x onerror="alert(1)">' }) }), expect: storedVerbatim(form.identity.column, '<img src=x onerror="alert(1)">') },
    { name: `${identity}: SQL metacharacters`, build: (v) => ({ entries: entriesOf(v, { [identity]: "Robert'); DROP TABLE users;--" }) }), expect: storedVerbatim(form.identity.column, "Robert'); DROP TABLE users;--") },
    { name: `${identity}: spreadsheet formula`, build: (v) => ({ entries: entriesOf(v, { [identity]: "=HYPERLINK(\"https://evil.example\")" }) }), expect: storedVerbatim(form.identity.column, "=HYPERLINK(\"https://evil.example\")") },

    // Unicode: real names are stored exactly; invisible or broken text is refused or repaired, never crashes.
    { name: `${identity}: emoji`, build: (v) => ({ entries: entriesOf(v, { [identity]: "Zoë 💍 Brontë" }) }), expect: storedVerbatim(form.identity.column, "Zoë 💍 Brontë") },
    { name: `${identity}: right-to-left script`, build: (v) => ({ entries: entriesOf(v, { [identity]: "محمد الأحمد" }) }), expect: storedVerbatim(form.identity.column, "محمد الأحمد") },
    { name: `${identity}: combining characters`, build: (v) => ({ entries: entriesOf(v, { [identity]: "Zalgo Z̷̢̛a̶l̴g̸o" }) }), expect: storedVerbatim(form.identity.column, "Zalgo Z̷̢̛a̶l̴g̸o") },
    { name: `${identity}: only zero-width characters`, build: (v) => ({ entries: entriesOf(v, { [identity]: "\u200b\u200c\u200d\ufeff" }) }), expect: refused(400, form.fields.find((f) => f.name === identity)!.required) },
    { name: `${identity}: zero-width non-joiner inside a Persian name`, build: (v) => ({ entries: entriesOf(v, { [identity]: "مهر\u200cآسا" }) }), expect: storedVerbatim(form.identity.column, "مهر\u200cآسا") },
    { name: `${identity}: emoji joined by zero-width joiners`, build: (v) => ({ entries: entriesOf(v, { [identity]: "Ada 👩\u200d👩\u200d👧" }) }), expect: storedVerbatim(form.identity.column, "Ada 👩\u200d👩\u200d👧") },
    { name: `${identity}: bidi override (display spoofing)`, build: (v) => ({ entries: entriesOf(v, { [identity]: "Ada \u202egnp.exe" }) }), expect: refused(400, form.fields.find((f) => f.name === identity)!.invalid!) },
    {
      name: `${identity}: lone surrogate (replaced by U+FFFD on the wire)`,
      build: (v) => ({ entries: entriesOf(v, { [identity]: "Ada \ud800 Lovelace" }) }),
      expect: stored((row) => {
        const value = String(row[form.identity.column]);
        if (!value.isWellFormed() || !value.includes("\ufffd")) throw new Error(`stored ${JSON.stringify(value)}`);
      }),
    },
    {
      name: `${identity}: invalid UTF-8 bytes`,
      build: (v) => ({ rawBody: `${new URLSearchParams(entriesOf(v, { [identity]: null }) as [string, string][])}&${identity}=Ada%ED%A0%80%FF` }),
      expect: stored((row) => {
        if (!String(row[form.identity.column]).isWellFormed()) throw new Error("stored ill-formed text");
      }),
    },

    // The staff e-mail links to the configured site, whatever Host the post named.
    {
      name: "posted to another Host: the staff e-mail still links to the store's own site",
      build: (v) => ({ entries: entriesOf(v), host: "http://evil.example", headers: { Origin: "http://evil.example" } }),
      expect: stored((_row, email) => {
        const body = `${String(email.html)}\n${String(email.text_body)}`;
        if (body.includes("evil.example")) throw new Error("the staff e-mail links to the forged host");
        if (!body.includes(`${store.siteOrigin}/dashboard`)) throw new Error(`no link to ${store.siteOrigin}/dashboard`);
      }),
    },

    // A retry never stores twice.
    { name: "the same submission posted twice (double click)", build: (v) => ({ entries: entriesOf(v), twice: true }), expect: stored() },
  );
  return [...cases, ...tokenAndHoneypotCases(form)];
}

function tokenAndHoneypotCases(form: FormUnderTest): HostileCase[] {
  const cases: HostileCase[] = [];
  if (form.token) {
    const { field, invalid, expired } = form.token;
    cases.push(
      { name: "token: missing", build: (v) => ({ entries: entriesOf(v, { [field]: null }) }), expect: refused(400, invalid) },
      { name: "token: empty", build: (v) => ({ entries: entriesOf(v, { [field]: "" }) }), expect: refused(400, invalid) },
      { name: "token: random text", build: (v) => ({ entries: entriesOf(v, { [field]: "not-a-token" }) }), expect: refused(400, invalid) },
      {
        name: "token: forged signature",
        build: (v) => ({ entries: entriesOf(v, { [field]: v[field]!.replace(/\.[^.]+$/, `.${"A".repeat(43)}`) }) }),
        expect: refused(400, invalid),
      },
      {
        name: "token: issue time changed",
        build: (v) => ({ entries: entriesOf(v, { [field]: v[field]!.replace(/\.(\d{13})\./, (_, t: string) => `.${Number(t) + 1}.`) }) }),
        expect: refused(400, invalid),
      },
      { name: "token: expired (issued 25 hours ago)", build: async (v) => ({ entries: entriesOf(v, { [field]: await form.token!.signed(25 * 3600_000) }) }), expect: refused(400, expired) },
      { name: "token: issued in the future", build: async (v) => ({ entries: entriesOf(v, { [field]: await form.token!.signed(-3600_000) }) }), expect: refused(400, invalid) },
      { name: "token: issued for another form", build: async (v) => ({ entries: entriesOf(v, { [field]: await form.token!.otherForm() }) }), expect: refused(400, invalid) },
      // The first value counts (as for every field read with FormData.get); the second is ignored.
      { name: "token: a second, different token after the real one", build: async (v) => ({ entries: [...entriesOf(v), [field, await form.token!.signed(0)]] }), expect: stored() },
    );
  }
  if (form.honeypot) {
    const { field, message } = form.honeypot;
    cases.push({ name: "honeypot filled in (a bot)", build: (v) => ({ entries: entriesOf(v, { [field]: "https://spam.example" }) }), expect: refused(400, message) });
  }
  return cases;
}

export function hostileCases(form: FormUnderTest): HostileCase[] {
  return [...sharedCases(form), ...form.fields.flatMap((rule) => fieldCases(form, rule)), ...form.extraCases()];
}
