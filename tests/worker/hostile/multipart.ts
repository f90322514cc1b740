// Hostile multipart posts to the custom order form, the one form that takes
// files (app/photos/). Every case must get its 4xx and its message, and store
// nothing: no order, no photo row, no object in R2 (hostile-input.test.ts counts
// all three). Raw bodies are written by hand where a browser's FormData could
// not say what an attacker can.
import { concat } from "../../support/bytes";
import { entriesOf, GUARD_MESSAGES, type FormEntries, type HostileCase } from "./corpus";

const MB = 1024 * 1024;
const BOUNDARY = "----hostileOrderBoundary4ZzY0";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const encoder = new TextEncoder();

/** A tiny real JPEG (SOI, JFIF, a scan, EOI): enough for the server to call it a JPEG. */
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0xff, 0xd9,
]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const GIF = encoder.encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);
const SVG = encoder.encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const HTML = encoder.encode("<!doctype html><script>alert(1)</script>");
const AVIF = new Uint8Array([0, 0, 0, 24, ...encoder.encode("ftypavif"), 0, 0, 0, 0, ...encoder.encode("avifmif1")]);

const NOT_A_PHOTO = "is not a photo we can take";
const MISMATCH = "is not the kind of file its name or type says";
const FORGED_NAME = "has a file name we can't accept";

/** `size` bytes that start like a JPEG. */
function jpegOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(JPEG);
  return bytes;
}

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type });

/** The valid fields, then photos, as a browser's FormData sends them. */
function withPhotos(valid: Record<string, string>, photos: File[], changes: Record<string, string | null> = {}) {
  const entries: FormEntries = [...entriesOf(valid, changes), ...photos.map((photo): [string, File] => ["photos", photo])];
  return { entries, multipart: true };
}

/** One part, written by hand: its Content-Disposition parameters, other header lines, and content. */
function part(disposition: string, content: Uint8Array | string, headerLines: string[] = []) {
  const head = [`Content-Disposition: form-data; ${disposition}`, ...headerLines].join("\r\n");
  return [encoder.encode(`--${BOUNDARY}\r\n${head}\r\n\r\n`), typeof content === "string" ? encoder.encode(content) : content, encoder.encode("\r\n")];
}


/** A whole multipart body: the valid fields, then `extra` parts, then the closing boundary (unless `close` is false). */
function rawBody(valid: Record<string, string>, extra: Uint8Array[][], options: { close?: boolean; fields?: boolean } = {}) {
  const fields = options.fields === false ? [] : Object.entries(valid).flatMap(([name, value]) => part(`name="${name}"`, value));
  const closing = options.close === false ? [] : [encoder.encode(`--${BOUNDARY}--\r\n`)];
  return concat(...[...fields, ...extra.flat(), ...closing]);
}

const raw = (body: Uint8Array<ArrayBuffer>, contentType = MULTIPART) => ({ rawBody: body, contentType });
const photoPart = (filename: string, bytes: Uint8Array, type = "image/jpeg") =>
  part(`name="photos"; filename="${filename}"`, bytes, [`Content-Type: ${type}`]);
const refused = (status: number, message: string) => ({ rejected: status, message });

export function orderMultipartCases(): HostileCase[] {
  return [
    // What the bytes are, not what the name says.
    { name: "photo: an executable renamed .jpg", build: (v) => withPhotos(v, [file(EXE, "ring.jpg", "image/jpeg")]), expect: refused(400, NOT_A_PHOTO) },
    { name: "photo: an SVG with script", build: (v) => withPhotos(v, [file(SVG, "sketch.svg", "image/svg+xml")]), expect: refused(400, NOT_A_PHOTO) },
    { name: "photo: an SVG renamed .png", build: (v) => withPhotos(v, [file(SVG, "sketch.png", "image/png")]), expect: refused(400, NOT_A_PHOTO) },
    { name: "photo: HTML declared as a GIF", build: (v) => withPhotos(v, [file(HTML, "x.gif", "image/gif")]), expect: refused(400, NOT_A_PHOTO) },
    { name: "photo: AVIF renamed .heic", build: (v) => withPhotos(v, [file(AVIF, "x.heic", "image/heic")]), expect: refused(400, NOT_A_PHOTO) },
    { name: "photo: a PNG declared as a JPEG", build: (v) => withPhotos(v, [file(PNG, "x.jpg", "image/jpeg")]), expect: refused(400, MISMATCH) },
    { name: "photo: a GIF declared as a WebP", build: (v) => withPhotos(v, [file(GIF, "x.webp", "image/webp")]), expect: refused(400, MISMATCH) },
    {
      name: "photo: a JPEG whose part type has parameters and says PNG",
      build: (v) => raw(rawBody(v, [photoPart("x.png", JPEG, "image/png; charset=binary")])),
      expect: refused(400, MISMATCH),
    },
    { name: "photo: an empty file with a name", build: (v) => withPhotos(v, [file(new Uint8Array(), "empty.jpg", "image/jpeg")]), expect: refused(400, "is empty") },

    // Sizes and counts.
    { name: "photo: 11 MB", build: (v) => withPhotos(v, [file(jpegOf(11 * MB), "big.jpg", "image/jpeg")]), expect: refused(400, "larger than 10 MB") },
    { name: "photo: four photos", build: (v) => withPhotos(v, [1, 2, 3, 4].map((n) => file(JPEG, `${n}.jpg`, "image/jpeg"))), expect: refused(400, "Please choose up to 3 photos") },
    {
      name: "photo: three of 9 MB (27 MB in all) is refused before it is read",
      build: (v) => withPhotos(v, [1, 2, 3].map((n) => file(jpegOf(9 * MB), `${n}.jpg`, "image/jpeg"))),
      expect: refused(413, GUARD_MESSAGES.tooLarge),
    },
    { name: "photo: a good one and an executable (the good one is not kept)", build: (v) => withPhotos(v, [file(JPEG, "ok.jpg", "image/jpeg"), file(EXE, "setup.png", "image/png")]), expect: refused(400, NOT_A_PHOTO) },
    {
      name: "text fields over 64 KB in a multipart post",
      build: (v) => withPhotos(v, [file(JPEG, "ok.jpg", "image/jpeg")], { jewelryTypeOther: "t".repeat(70 * 1024) }),
      expect: refused(413, GUARD_MESSAGES.tooLarge),
    },

    // A good photo with a form refused only for an answer is held for the form's next send (decision 148); one
    // refused for anything else goes too.
    {
      name: "photo: with the name missing",
      build: (v) => withPhotos(v, [file(JPEG, "ok.jpg", "image/jpeg")], { name: "" }),
      expect: { ...refused(400, "Please enter your name."), holds: 1 },
    },
    { name: "photo: with a forged token", build: (v) => withPhotos(v, [file(JPEG, "ok.jpg", "image/jpeg")], { submissionToken: "not-a-token" }), expect: refused(400, "We couldn't verify this form.") },
    { name: "photo: with the honeypot filled", build: (v) => withPhotos(v, [file(JPEG, "ok.jpg", "image/jpeg")], { website: "https://spam.example" }), expect: refused(400, "Form not submitted properly.") },
    { name: "photo: from another site", build: (v) => ({ ...withPhotos(v, [file(JPEG, "ok.jpg", "image/jpeg")]), headers: { Origin: "https://evil.example" } }), expect: refused(403, GUARD_MESSAGES.crossSite) },
    {
      name: "photo: before the fields, with the honeypot filled after it",
      build: (v) => raw(concat(...[...photoPart("ok.jpg", JPEG).flat(), rawBody({ ...v, website: "x" }, [])])),
      expect: refused(400, "Form not submitted properly."),
    },

    // File names a browser never sends.
    { name: "photo: a file name with a path", build: (v) => raw(rawBody(v, [photoPart("../../etc/passwd.jpg", JPEG)])), expect: refused(400, FORGED_NAME) },
    { name: "photo: a file name with a NUL", build: (v) => raw(rawBody(v, [photoPart("ring.jpg\u0000.exe", JPEG)])), expect: refused(400, FORGED_NAME) },
    { name: "photo: a file name with CR/LF (percent-encoded, as browsers write it)", build: (v) => raw(rawBody(v, [photoPart("ring%0D%0AContent-Type: text/html.jpg", JPEG)])), expect: refused(400, FORGED_NAME) },
    {
      name: "photo: an RFC 8187 file name that decodes to a path",
      build: (v) => raw(rawBody(v, [part(`name="photos"; filename="ok.jpg"; filename*=UTF-8''..%2F..%2Fboot.jpg`, JPEG, ["Content-Type: image/jpeg"])])),
      expect: refused(400, FORGED_NAME),
    },
    { name: "photo: a file name of 300 characters", build: (v) => raw(rawBody(v, [photoPart(`${"n".repeat(296)}.jpg`, JPEG)])), expect: refused(400, FORGED_NAME) },

    // Bodies that are not well-formed multipart.
    {
      name: "truncated body (cut inside a photo, no closing boundary)",
      build: (v) => raw(rawBody(v, [[...photoPart("ok.jpg", jpegOf(4096))].slice(0, 2).map((piece, i) => (i === 1 ? piece.subarray(0, 100) : piece))], { close: false })),
      expect: refused(400, GUARD_MESSAGES.unreadable),
    },
    {
      name: "body ends inside a part's headers",
      build: (v) => raw(concat(...[rawBody(v, [], { close: false }), encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filen`)])),
      expect: refused(400, GUARD_MESSAGES.unreadable),
    },
    { name: "boundary missing from the content type (with a photo)", build: (v) => raw(rawBody(v, [photoPart("ok.jpg", JPEG)]), "multipart/form-data"), expect: refused(400, GUARD_MESSAGES.unreadable) },
    { name: "an empty boundary", build: (v) => raw(rawBody(v, [photoPart("ok.jpg", JPEG)]), "multipart/form-data; boundary="), expect: refused(400, GUARD_MESSAGES.unreadable) },
    { name: "a boundary the body never uses (with a photo)", build: (v) => raw(rawBody(v, [photoPart("ok.jpg", JPEG)]), "multipart/form-data; boundary=somethingElse"), expect: refused(400, GUARD_MESSAGES.unreadable) },
    { name: "garbage before the first boundary", build: (v) => raw(concat(...[encoder.encode("GET / HTTP/1.1\r\n\r\n"), rawBody(v, [photoPart("ok.jpg", JPEG)])])), expect: refused(400, GUARD_MESSAGES.unreadable) },
    {
      name: "a huge part header (10 KB)",
      build: (v) => raw(rawBody(v, [part(`name="photos"; filename="ok.jpg"`, JPEG, ["Content-Type: image/jpeg", `X-Padding: ${"h".repeat(10 * 1024)}`])])),
      expect: refused(400, GUARD_MESSAGES.unreadable),
    },
    {
      name: "a part without Content-Disposition",
      build: (v) => raw(rawBody(v, [[encoder.encode(`--${BOUNDARY}\r\nContent-Type: image/jpeg\r\n\r\n`), JPEG, encoder.encode("\r\n")]])),
      expect: refused(400, GUARD_MESSAGES.unreadable),
    },
    {
      name: "a part header that is not UTF-8",
      build: (v) => raw(rawBody(v, [[encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="`), new Uint8Array([0xff, 0xfe, 0xc3, 0x28]), encoder.encode(`.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), JPEG, encoder.encode("\r\n")]])),
      expect: refused(400, GUARD_MESSAGES.unreadable),
    },
    {
      name: "the same field name repeated 1,000 times",
      build: (v) => ({ entries: [...entriesOf(v), ...Array.from({ length: 1000 }, (): [string, string] => ["name", "again"])], multipart: true }),
      expect: refused(400, GUARD_MESSAGES.unreadable),
    },
    {
      name: "1,000 empty photo parts",
      build: (v) => withPhotos(v, Array.from({ length: 1000 }, () => file(new Uint8Array(), "", "application/octet-stream"))),
      expect: refused(400, GUARD_MESSAGES.unreadable),
    },
    { name: "photos sent as a text field", build: (v) => raw(rawBody(v, [part(`name="photos"`, "ÿØÿà not really a file")])), expect: refused(400, GUARD_MESSAGES.unreadable) },
  ];
}
