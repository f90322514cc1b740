import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createStaff, signIn } from "./helpers";
import { freshIp, register, registrationOptions, signedIn, signInOptions, staffWithPasskey, verify } from "./passkey-helpers";
import { SoftwareAuthenticator, toBase64Url } from "./software-authenticator";
import savedBySimpleWebAuthn from "./passkeys/simplewebauthn-14-keys.json";

// What a challenge allows (decisions 057 and 129): one answer, within five minutes, for the
// ceremony and the account it was given for. Each case is one an authenticator that keeps no
// signature counter could send, so the challenge is the only thing that refuses it.

const newChallenge = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

describe("a sign-in challenge", () => {
  it("serves one answer: the same answer again is refused, even from a key that keeps no counter", async () => {
    const { authenticator } = await staffWithPasskey();
    const ip = freshIp();
    const answer = await authenticator.signIn(await signInOptions(ip), { counter: 0 });
    expect((await verify(answer, ip)).status).toBe(200);
    const replayed = await verify(answer, ip);
    expect(replayed.status).toBe(400);
    expect(signedIn(replayed)).toBe(false);
  });

  it("must have been given by this server", async () => {
    const { authenticator } = await staffWithPasskey();
    const ip = freshIp();
    const answer = await authenticator.signIn({ challenge: newChallenge(), rpId: "localhost" }, { counter: 0 });
    expect((await verify(answer, ip)).status).toBe(400);
  });

  it("lasts five minutes", async () => {
    const { authenticator } = await staffWithPasskey();
    const ip = freshIp();
    const options = await signInOptions(ip);
    await env.DB.prepare("UPDATE passkey_challenges SET expires_at = ? WHERE challenge = ?").bind(Date.now() - 1, options.challenge).run();
    expect((await verify(await authenticator.signIn(options, { counter: 0 }), ip)).status).toBe(400);
  });

  it("is not one given for adding a passkey", async () => {
    const { cookie, authenticator } = await staffWithPasskey();
    const ip = freshIp();
    const adding = await registrationOptions(cookie);
    const answer = await authenticator.signIn({ challenge: adding.challenge, rpId: "localhost" }, { counter: 0 });
    expect((await verify(answer, ip)).status).toBe(400);
    // Refused without being spent: the account's own ceremony can still use it.
    expect((await register(cookie, await SoftwareAuthenticator.create(), {}, adding)).status).toBe(200);
  });
});

describe("a challenge for adding a passkey", () => {
  it("belongs to the account it was given to", async () => {
    const owner = await signIn(await createStaff());
    const other = await signIn(await createStaff());
    const options = await registrationOptions(owner);
    const authenticator = await SoftwareAuthenticator.create();
    const refused = await register(other, authenticator, {}, options);
    expect(refused.status).toBe(400);
    expect((await register(owner, authenticator, {}, options)).status).toBe(200);
  });

  it("is not a sign-in challenge", async () => {
    const cookie = await signIn(await createStaff());
    const signInChallenge = await signInOptions(freshIp());
    const refused = await register(cookie, await SoftwareAuthenticator.create(), {}, { challenge: signInChallenge.challenge, rp: { id: "localhost" } });
    expect(refused.status).toBe(400);
  });
});

describe("passkeys SimpleWebAuthn 14 stored, before decision 129", () => {
  // Each made once by a software authenticator, registered and signed in with by
  // @simplewebauthn/server 14.0.3's own verifiers (then a dependency): the public key as it
  // returned it for storing, and a sign-in answer to a challenge it accepted.
  for (const [algorithm, saved] of Object.entries(savedBySimpleWebAuthn)) {
    it(`still signs in with an ${algorithm} key`, async () => {
      const staff = await createStaff();
      await env.DB.prepare("INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, 0, 'internal', 'Chrome on Mac', ?)")
        .bind(saved.answer.id, staff.id, saved.publicKey, Date.now())
        .run();
      await env.DB.prepare("INSERT INTO passkey_challenges (challenge, user_id, expires_at) VALUES (?, NULL, ?)").bind(saved.challenge, Date.now() + 60_000).run();
      const response = await verify(saved.answer, freshIp());
      expect(response.status).toBe(200);
      expect(signedIn(response)).toBe(true);
      const stored = await env.DB.prepare("SELECT counter FROM passkeys WHERE id = ?").bind(saved.answer.id).first<{ counter: number }>();
      expect(stored!.counter).toBe(1);
    });
  }
});
