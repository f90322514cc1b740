import { execFile } from "node:child_process";
import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Outside programs' own checkers, run in Node for the tests in workerd (which
// can neither load twilio's CommonJS nor start java). vitest.config.ts binds
// each to the test Worker as a service; tests call it with fetch.

const require = createRequire(import.meta.url);

/** TWILIO_SIGNER: `{ authToken, url, params }` → `{ signature }`, from twilio's own getExpectedTwilioSignature. */
export async function twilioSigner(request: Request): Promise<Response> {
  const { getExpectedTwilioSignature } = require("twilio/lib/webhooks/webhooks.js") as typeof import("twilio/lib/webhooks/webhooks");
  const { authToken, url, params } = (await request.json()) as { authToken: string; url: string; params: Record<string, string> };
  return Response.json({ signature: getExpectedTwilioSignature(authToken, url, params) });
}

/** NU_VALIDATOR: `{ documents: string[] }` (HTML) → the Nu validator's messages for each, in order. */
export async function nuValidator(request: Request): Promise<Response> {
  const { documents } = (await request.json()) as { documents: string[] };
  const folder = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = documents.map((html, index) => {
      const file = join(folder, `${index}.html`);
      writeFileSync(file, html);
      return file;
    });
    const jar = require.resolve("vnu-jar/build/dist/vnu.jar");
    const output = await new Promise<string>((resolve, reject) =>
      // --exit-zero-always: the messages are the answer; only a crash is an error here.
      execFile("java", ["-jar", jar, "--format", "json", "--exit-zero-always", ...files], { maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
        error ? reject(error) : resolve(stderr || stdout),
      ),
    );
    const { messages } = JSON.parse(output) as { messages: { url: string; type: string; subType?: string; message: string }[] };
    return Response.json({
      results: files.map((file) => messages.filter((message) => message.url.endsWith(`/${file.split("/").pop()}`))),
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * PUSH_BROWSER: a browser's side of Web Push, from outside the product. `{ do: "subscribe" }` makes the keys a
 * browser would (P-256 and a 16-byte auth secret, with Node's crypto); `{ do: "receive", ... }` decrypts a push
 * as the browser would, with `http_ece` (RFC 8188/8291, the library the `web-push` package encrypts with), and
 * checks its VAPID header (RFC 8292) as a push service would: the ES256 signature against the `k=` key.
 */
export async function pushBrowser(request: Request): Promise<Response> {
  const order = (await request.json()) as
    | { do: "subscribe" }
    | { do: "receive"; privateKey: string; auth: string; body: string; authorization: string; endpoint: string };
  if (order.do === "subscribe") {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return Response.json({
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
      privateKey: ecdh.getPrivateKey().toString("base64url"),
    });
  }
  const ece = require("http_ece") as { decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer };
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(order.privateKey, "base64url"));
  let plaintext: string | null = null;
  let decryptError: string | null = null;
  try {
    plaintext = ece.decrypt(Buffer.from(order.body, "base64"), { version: "aes128gcm", privateKey: ecdh, authSecret: order.auth }).toString("utf8");
  } catch (error) {
    decryptError = String(error);
  }
  const vapid = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(order.authorization);
  if (!vapid) return Response.json({ plaintext, decryptError, vapid: null });
  const [, token, key] = vapid as unknown as [string, string, string];
  const [header, claims, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signatureValid = verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  return Response.json({
    plaintext,
    decryptError,
    vapid: {
      key,
      signatureValid,
      header: JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as unknown,
      claims: JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as unknown,
    },
  });
}
