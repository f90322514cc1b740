import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { postWithCookie } from "./dashboard-helpers";
import { createStaff, signIn } from "./helpers";
import {
  passkeySignIn,
  register,
  registrationOptions,
  signedIn,
  signInOptions,
  staffWithPasskey,
  storedPasskey,
  verify,
  freshIp,
  type Change,
} from "./passkey-helpers";
import { SoftwareAuthenticator, toBase64Url } from "./software-authenticator";

// Both passkey ceremonies through the real routes, answered by a software authenticator: every
// check the server makes of an answer (decision 129), each refused on its own. The challenges'
// own rules are in passkey-challenges.test.ts.

describe("a passkey added and used", () => {
  for (const algorithm of ["ES256", "RS256", "EdDSA"] as const) {
    it(`signs in with an ${algorithm} key, and again, moving its counter on`, async () => {
      const { authenticator } = await staffWithPasskey(algorithm);
      expect(await storedPasskey(authenticator.credentialId)).toMatchObject({ counter: 0, transports: "internal", last_used_at: null });
      for (const expected of [1, 2]) {
        const response = await passkeySignIn(authenticator);
        expect(response.status).toBe(200);
        expect(signedIn(response)).toBe(true);
        const stored = await storedPasskey(authenticator.credentialId);
        expect(stored!.counter).toBe(expected);
        expect(stored!.last_used_at).not.toBeNull();
      }
    });
  }

  it("accepts an authenticator that keeps no counter (zero every time)", async () => {
    const { authenticator } = await staffWithPasskey();
    for (let i = 0; i < 2; i++) expect((await passkeySignIn(authenticator, { counter: 0 })).status).toBe(200);
  });

  it("accepts the account's own user handle", async () => {
    const { staff, authenticator } = await staffWithPasskey();
    const handle = toBase64Url(new TextEncoder().encode(`staff:${staff.id}`));
    expect((await passkeySignIn(authenticator, { userHandle: handle })).status).toBe(200);
  });

  it("adds and signs in with a synced passkey (backed up, and eligible for it)", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const authenticator = await SoftwareAuthenticator.create();
    const synced = { backupEligible: true, backedUp: true };
    expect((await register(cookie, authenticator, { flags: synced })).status).toBe(200);
    expect((await passkeySignIn(authenticator, { flags: synced })).status).toBe(200);
  });

  it("adds a key whose authenticator attested anyway: no attestation is asked for, so none is relied on", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const authenticator = await SoftwareAuthenticator.create();
    const attStmt = new Map<string, unknown>([["alg", -7], ["sig", new Uint8Array(70)]]);
    expect((await register(cookie, authenticator, { fmt: "packed", attStmt })).status).toBe(200);
    expect((await passkeySignIn(authenticator)).status).toBe(200);
  });
});

describe("answers a sign-in refuses", () => {
  const refusals: [string, Change<"signIn">][] = [
    ["signed for another site's origin", { origin: "https://evil.example" }],
    ["made for another relying party", { rpId: "evil.example" }],
    ["a registration's client data", { type: "webauthn.create" }],
    ["with a forged signature", { tamper: true }],
    ["without the user present", { flags: { userPresent: false } }],
    ["naming another account's user handle", { userHandle: toBase64Url(new TextEncoder().encode("staff:999999")) }],
    ["made inside another site's frame", { clientData: { crossOrigin: true } }],
    ["over a token-bound connection this server never had", { clientData: { tokenBinding: { status: "present", id: "AAAA" } } }],
    ["whose raw id is not its id", { rawId: "AAAAAAAAAAAAAAAAAAAAAA" }],
    ["backed up without being eligible for backup", { flags: { backedUp: true } }],
  ];
  for (const [what, change] of refusals) {
    it(`refuses one ${what}, and its challenge still serves the real answer`, async () => {
      const { authenticator } = await staffWithPasskey();
      const ip = freshIp();
      const options = await signInOptions(ip);
      const refused = await verify(await authenticator.signIn(options, change), ip);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toContain("could not be used");
      expect(signedIn(refused)).toBe(false);
      expect((await storedPasskey(authenticator.credentialId))!.counter).toBe(0);
      const accepted = await verify(await authenticator.signIn(options), ip);
      expect(accepted.status).toBe(200);
    });
  }

  for (const algorithm of ["RS256", "EdDSA"] as const) {
    it(`refuses a forged ${algorithm} signature, and takes the real one`, async () => {
      const { authenticator } = await staffWithPasskey(algorithm);
      const ip = freshIp();
      const options = await signInOptions(ip);
      expect((await verify(await authenticator.signIn(options, { tamper: true }), ip)).status).toBe(400);
      expect((await verify(await authenticator.signIn(options), ip)).status).toBe(200);
    });
  }

  it("refuses an answer replayed, and a counter that does not move forward (a cloned key)", async () => {
    const { authenticator } = await staffWithPasskey();
    const ip = freshIp();
    const answer = await authenticator.signIn(await signInOptions(ip));
    expect((await verify(answer, ip)).status).toBe(200);
    expect((await verify(answer, ip)).status).toBe(400);
    for (const counter of [1, 0]) {
      const cloned = await passkeySignIn(authenticator, { counter });
      expect(cloned.status).toBe(400);
      expect(signedIn(cloned)).toBe(false);
    }
    expect((await storedPasskey(authenticator.credentialId))!.counter).toBe(1);
  });

  it("refuses a key that belongs to no one here", async () => {
    const stranger = await SoftwareAuthenticator.create();
    expect((await passkeySignIn(stranger)).status).toBe(400);
  });
});

describe("answers adding a passkey refuses", () => {
  const refusals: [string, Change<"register">][] = [
    ["for another site's origin", { origin: "https://evil.example" }],
    ["for another relying party", { rpId: "evil.example" }],
    ["with a sign-in's client data", { type: "webauthn.get" }],
    ["without the user present", { flags: { userPresent: false } }],
    ["with a key algorithm that was not offered (ES384)", { cose: new Uint8Array([0xa5, 0x01, 0x02, 0x03, 0x38, 0x22, 0x20, 0x02, 0x21, 0x40, 0x22, 0x40]) }],
    ["with a key that is not CBOR", { cose: new Uint8Array([0xff, 0x00]) }],
    ["made inside another site's frame", { clientData: { crossOrigin: true } }],
    ["over a token-bound connection this server never had", { clientData: { tokenBinding: { status: "present", id: "AAAA" } } }],
    ["whose raw id is not its id", { rawId: "AAAAAAAAAAAAAAAAAAAAAA" }],
    ["whose authenticator data names another credential", { keyIdInAuthData: new Uint8Array(16) }],
    ["backed up without being eligible for backup", { flags: { backedUp: true } }],
  ];
  for (const [what, change] of refusals) {
    it(`refuses one ${what}, storing nothing`, async () => {
      const staff = await createStaff();
      const cookie = await signIn(staff);
      const authenticator = await SoftwareAuthenticator.create();
      const options = await registrationOptions(cookie);
      const refused = await register(cookie, authenticator, change, options);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toContain("could not be added");
      expect(await storedPasskey(authenticator.credentialId)).toBeNull();
      // The challenge was not spent by the refused answer.
      const retry = await register(cookie, authenticator, {}, options);
      expect(retry.status, await retry.clone().text()).toBe(200);
    });
  }

  it("adds a key once: the same key again, on a fresh challenge, is refused with its reason", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const authenticator = await SoftwareAuthenticator.create();
    expect((await register(cookie, authenticator)).status).toBe(200);
    const again = await register(cookie, authenticator);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe("That passkey is already registered.");
  });

  it("adds a key once: the same answer again is refused", async () => {
    const staff = await createStaff();
    const cookie = await signIn(staff);
    const authenticator = await SoftwareAuthenticator.create();
    const answer = await authenticator.register(await registrationOptions(cookie));
    const post = () => postWithCookie("/dashboard/account/passkeys", { intent: "register", response: JSON.stringify(answer) }, cookie);
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(400);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM passkeys WHERE id = ?").bind(authenticator.credentialId).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});
