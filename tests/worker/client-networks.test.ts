// One home or phone connection owns an IPv6 /64: every per-client limit counts
// the /64 as one client, as it counts one IPv4 address (decision 134). Each
// limit is driven from many addresses of one /64, written in several spellings.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { manageToken } from "../../app/leads/manage-token.server";
import { purgeExpiredRecords } from "../../app/jobs/retention.server";
import { MISSES_PER_HOUR, MISSES_PER_TICKET_PER_DAY } from "../../app/repairs/lookup.server";
import { createStaff, postForm, signIn } from "./helpers";
import { awayFromWindowEdge, freeWeekday, freshFormWindow, postLead, rows, textOf } from "./lead-helpers";
import { appointmentNamed, book } from "./message-helpers";
import { photoFile, postOrder, validOrder } from "./photo-helpers";
import { logRepair } from "./repair-helpers";

let networkCounter = 0;

/** A /64 of this file's own, and its addresses: each call a new one, spelled in turn short, full and upper case. */
function network() {
  const n = ++networkCounter;
  const prefix = `2001:db8:${(0x6400 + n).toString(16)}:${n.toString(16)}`;
  let hosts = 0;
  const address = () => {
    const host = ++hosts;
    const spellings = [
      `${prefix}::${host.toString(16)}`,
      `${prefix.replace(/(^|:)([0-9a-f]{1,3})(?=:|$)/g, (_, colon: string, group: string) => colon + group.padStart(4, "0"))}:${host.toString(16)}:0:0:${(host * 31).toString(16)}`,
      `${prefix}:${host.toString(16)}::${(host * 7).toString(16)}`.toUpperCase(),
    ];
    return spellings[host % spellings.length]!;
  };
  return { prefix, address };
}

/** The answers to `count` posts, each from the next address of the network. */
async function statuses(count: number, post: (address: string) => Promise<Response>, next: () => string): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await post(next());
    await response.arrayBuffer();
    answers.push(response.status);
  }
  return answers;
}

const digitsOf = (phone: string) => phone.replace(/\D/g, "");
const MINUTE = 60_000;

describe("the repair look-up", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn(await createStaff());
  });
  const lookUp = (ticket: string, last4: string, ip: string) => postForm("/repair", { ticket, last4 }, { "CF-Connecting-IP": ip });

  it(`makes a /64 wait after ${MISSES_PER_HOUR} misses from as many addresses, as one IPv4 address waits`, async () => {
    const { repair } = await logRepair(cookie);
    const last4 = digitsOf(repair.phone).slice(-4);
    const wrong = last4 === "0000" ? "1111" : "0000";
    const net = network();
    await awayFromWindowEdge(60 * MINUTE);
    const misses = await statuses(MISSES_PER_HOUR, (ip) => lookUp(repair.ticket, wrong, ip), net.address);
    expect(misses).toEqual(Array(MISSES_PER_HOUR).fill(404));
    // The right digits from yet another address of the network wait too.
    const waiting = await lookUp(repair.ticket, last4, net.address());
    expect(waiting.status).toBe(429);
    expect(await textOf(waiting)).toContain("Too many look-ups");
    // Another /64 is another client.
    expect((await lookUp(repair.ticket, last4, network().address())).status).toBe(200);
  });

  it(`pauses a ticket after ${MISSES_PER_TICKET_PER_DAY} misses in a day from any networks: its look-up then says to call`, async () => {
    const { repair } = await logRepair(cookie);
    const { repair: other } = await logRepair(cookie);
    const last4 = digitsOf(repair.phone).slice(-4);
    const wrong = (i: number) => String((Number(last4) + 1 + i) % 10_000).padStart(4, "0");
    let i = 0;
    await awayFromWindowEdge(24 * 60 * MINUTE);
    const misses = await statuses(MISSES_PER_TICKET_PER_DAY, (ip) => lookUp(repair.ticket, wrong(i++), ip), () => network().address());
    expect(misses).toEqual(Array(MISSES_PER_TICKET_PER_DAY).fill(404));

    // The cron's clean-up of counters, which runs every 5 minutes, keeps the day's count.
    await purgeExpiredRecords(env);
    // The right digits, from a network that never missed, are refused with the store's number.
    const paused = await lookUp(repair.ticket, last4, network().address());
    expect(paused.status).toBe(429);
    const text = await textOf(paused);
    expect(text).toContain("paused its look-up");
    expect(text).toContain("(901) 555-0142");
    expect(text).not.toContain("14k yellow gold ring");
    // A number never issued is paused alike after as many misses: the pause says nothing of whether a ticket exists.
    const unissued = "R-ZZZZ-ZZ";
    expect(await rows("SELECT id FROM repairs WHERE ticket = ?", unissued)).toEqual([]);
    const unissuedMisses = await statuses(MISSES_PER_TICKET_PER_DAY + 1, (ip) => lookUp(unissued, last4, ip), () => network().address());
    expect(unissuedMisses).toEqual([...Array(MISSES_PER_TICKET_PER_DAY).fill(404), 429]);
    // Other tickets are not paused.
    expect((await lookUp(other.ticket, digitsOf(other.phone).slice(-4), network().address())).status).toBe(200);
  });
});

describe("the forms", () => {
  it("take 5 messages from a /64, then answer 429 to any address in it", async () => {
    const net = network();
    const valid = { name: "Network Sender", phone: "(901) 555-0166", email: "net@example.com", message: "Is my ring ready?", smsConsent: "on" };
    await freshFormWindow();
    const answers = await statuses(6, (ip) => postLead("/contactus", "contact", valid, ip), net.address);
    expect(answers).toEqual([302, 302, 302, 302, 302, 429]);
    expect((await postLead("/contactus", "contact", valid, network().address())).status).toBe(302);
  });

  it("spend one photo budget for a /64", async () => {
    const net = network();
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    // The hour's 100 MB, spent from one address of the network.
    const first = net.address();
    expect((await postOrder({ ...validOrder, name: "Network Photos" }, [photoFile("ring.jpg")], { ip: first })).status).toBe(302);
    await env.DB.prepare("UPDATE rate_limits SET count = ?, window_start = ? WHERE key LIKE 'photo-bytes:%' AND key LIKE ?")
      .bind(100 * 1024 * 1024, now - (now % hour), `%${net.prefix}::/64`)
      .run();
    const refused = await postOrder({ ...validOrder, name: "Network Photos 2" }, [photoFile("ring.jpg")], { ip: net.address() });
    expect(refused.status).toBe(429);
    expect(await textOf(refused)).toContain("You have sent a lot of photos in the last hour");
    expect((await postOrder({ ...validOrder, name: "Network Photos 3" }, [photoFile("ring.jpg")], { ip: network().address() })).status).toBe(302);
  });

  it("pause a manage link's changes after 5 from a /64", async () => {
    const fields = { name: "Network Manage", phone: "901-557-4410", service: "Custom Design", date: freeWeekday(), time: "2:00 PM", email: "m@example.com" };
    expect((await book(fields)).status).toBe(302);
    const appointment = await appointmentNamed(fields.name);
    const path = `/appointment/${await manageToken(env, appointment.reference)}`;
    const net = network();
    // A stale "current" slot: each post is counted and refused without changing the visit.
    const stale = (ip: string) => postForm(path, { intent: "cancel", current: `${fields.date} 11:00 AM` }, { "CF-Connecting-IP": ip });
    await freshFormWindow();
    const answers = await statuses(6, stale, net.address);
    expect(answers).toEqual([409, 409, 409, 409, 409, 429]);
    expect((await stale(network().address())).status).toBe(409);
    expect((await appointmentNamed(fields.name)).status).toBe("new");
  });
});

describe("sign-in", () => {
  it("pauses a /64 after 5 failed passwords, and rolls its failures up into one audit entry", async () => {
    const net = network();
    const used: string[] = [];
    const login = (ip: string) => {
      used.push(ip);
      return postForm("/login", { email: `net-guess-${used.length}-${net.prefix.replaceAll(":", "-")}@example.com`, password: "wrong-password" }, { "CF-Connecting-IP": ip });
    };
    await awayFromWindowEdge(15 * MINUTE);
    const answers = await statuses(40, login, net.address);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).every((status) => status === 429)).toBe(true);
    const entries = await rows<{ count: number }>(
      `SELECT count FROM audit_log WHERE action = 'sign-in-failed' AND ip IN (${used.map(() => "?").join(",")})`,
      ...used,
    );
    expect(entries).toEqual([{ count: 5 }]);
  });

  it("hands a /64 as few passkey challenges as one address, and pauses its failed passkeys", async () => {
    const net = network();
    await awayFromWindowEdge(5 * MINUTE);
    const before = (await rows<{ n: number }>("SELECT count(*) AS n FROM passkey_challenges"))[0]!.n;
    const options = await statuses(40, (ip) => postForm("/login/passkey", { intent: "options" }, { "CF-Connecting-IP": ip }), net.address);
    expect(options.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(options.slice(10).every((status) => status === 429)).toBe(true);
    const after = (await rows<{ n: number }>("SELECT count(*) AS n FROM passkey_challenges"))[0]!.n;
    expect(after - before).toBeLessThanOrEqual(10);

    const verify = await statuses(11, (ip) => postForm("/login/passkey", { intent: "verify", response: "{}" }, { "CF-Connecting-IP": ip }), net.address);
    expect(verify).toEqual([...Array(10).fill(400), 429]);
  });
});
