// A new VAPID key pair for Web Push (docs/decisions/145), base64url as browsers and push services read them: the
// public key an uncompressed P-256 point, the private key its 32-byte scalar. `npm run vapid:keys` prints one; set
// both as secrets (`npx wrangler secret put VAPID_PUBLIC_KEY`, then VAPID_PRIVATE_KEY). A new pair makes every
// device's subscription useless: staff turn notifications on again.
import { Buffer } from "node:buffer";
import { webcrypto as crypto } from "node:crypto";
import { fileURLToPath } from "node:url";

export async function newVapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return `VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${d}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(await newVapidKeys());
