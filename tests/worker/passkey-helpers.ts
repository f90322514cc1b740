import { env } from "cloudflare:test";
import { expect } from "vitest";
import { postWithCookie } from "./dashboard-helpers";
import { createStaff, postForm, signIn } from "./helpers";
import { SoftwareAuthenticator, type Algorithm } from "./software-authenticator";

// Both passkey ceremonies through the real routes (decision 129), for the tests that answer them
// with a software authenticator.

let ipCounter = 0;
/** An address of its own per ceremony, so the per-address passkey limits never meet. */
export const freshIp = () => `100.65.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export type Change<K extends "register" | "signIn"> = Parameters<SoftwareAuthenticator[K]>[1];

export async function staffWithPasskey(algorithm: Algorithm = "ES256") {
  const staff = await createStaff();
  const cookie = await signIn(staff);
  const authenticator = await SoftwareAuthenticator.create(algorithm);
  const added = await register(cookie, authenticator);
  expect(added.status, await added.clone().text()).toBe(200);
  return { staff, cookie, authenticator };
}

export async function registrationOptions(cookie: string) {
  const response = await postWithCookie("/dashboard/account/passkeys", { intent: "options" }, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as { challenge: string; rp: { id: string } };
}

export async function register(cookie: string, authenticator: SoftwareAuthenticator, change: Change<"register"> = {}, options?: { challenge: string; rp: { id: string } }) {
  const answer = await authenticator.register(options ?? (await registrationOptions(cookie)), change);
  return postWithCookie("/dashboard/account/passkeys", { intent: "register", response: JSON.stringify(answer) }, cookie);
}

export async function signInOptions(ip: string) {
  const response = await postForm("/login/passkey", { intent: "options" }, { "CF-Connecting-IP": ip });
  expect(response.status).toBe(200);
  return (await response.json()) as { challenge: string; rpId: string };
}

export async function verify(answer: unknown, ip: string) {
  return postForm("/login/passkey", { intent: "verify", response: JSON.stringify(answer) }, { "CF-Connecting-IP": ip });
}

export async function passkeySignIn(authenticator: SoftwareAuthenticator, change: Change<"signIn"> = {}, ip = freshIp()) {
  return verify(await authenticator.signIn(await signInOptions(ip), change), ip);
}

export const signedIn = (response: Response) => (response.headers.get("Set-Cookie") ?? "").includes("staff_session=");

export async function storedPasskey(id: string) {
  return env.DB.prepare("SELECT counter, transports, last_used_at FROM passkeys WHERE id = ?")
    .bind(id)
    .first<{ counter: number; transports: string; last_used_at: number | null }>();
}

