import { and, eq, inArray } from "drizzle-orm";
import { store } from "~/config/store";
import { getDb } from "~/db/client.server";
import { pushSubscriptions } from "~/db/schema";
import { d1RateLimiter, type RateLimitResult } from "~/http/rate-limit.server";
import { pushNotification, storedLists, type StaffPush } from "./push-rules";
import type { StaffList } from "~/core/staff-lists";

// Web Push to staff devices (docs/decisions/145). A device turns it on from the account page; a new record, or
// what a customer does to one, is pushed to every device that chose its list, after the response
// (ctx.waitUntil), so no visitor waits for a push service. The message is encrypted (RFC 8291) and signed with
// the store's VAPID key (RFC 8292) by @block65/webcrypto-web-push, on Web Crypto. A push that fails is not
// retried: it tells of a record the dashboard already shows. A device the push service reports gone is removed.

/** The VAPID key pair (base64url, as `npm run vapid:keys` prints them), or null when push is not set up. */
export interface PushKeys {
  publicKey: string;
  privateKey: string;
}

export function pushKeys(env: Env): PushKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

/** How long a push service keeps a push for a phone that is off: a new record still matters the next morning. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Devices turned on per account per hour: enough for every phone and computer a clerk uses, and a few retries. */
const SUBSCRIBES_PER_HOUR = { limit: 10, windowMs: 60 * 60 * 1000 };

export interface PushDevice {
  id: number;
  endpoint: string;
  device: string;
  lists: StaffList[];
  sessionId: string;
  createdAt: Date;
}

/** This account's devices that get pushes, the newest first. */
export async function listPushDevices(env: Env, userId: number): Promise<PushDevice[]> {
  const rows = await getDb(env)
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      device: pushSubscriptions.device,
      lists: pushSubscriptions.lists,
      sessionId: pushSubscriptions.sessionId,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
  return rows.reverse().map((row) => ({ ...row, lists: storedLists(row.lists) }));
}

export interface NewPushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  lists: StaffList[];
}

/**
 * Turns push on for this browser, for this session. A browser has one subscription per service worker, so an
 * endpoint stored before (the same device turned on again, or another clerk's account on a shared phone) is
 * taken over: whoever turned it on last gets its pushes.
 */
export async function subscribePushDevice(
  env: Env,
  user: { id: number; sessionId: string },
  device: string,
  subscription: NewPushDevice,
): Promise<{ ok: true } | { ok: false; limit: RateLimitResult }> {
  const limit = await d1RateLimiter(env, SUBSCRIBES_PER_HOUR).hit(`push-subscribe:user:${user.id}`);
  if (!limit.allowed) return { ok: false, limit };
  const values = { userId: user.id, sessionId: user.sessionId, device, ...subscription };
  await getDb(env)
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date() } });
  return { ok: true };
}

/** Changes which lists one of this account's devices is notified of; false when it is not theirs (or gone). */
export async function setPushLists(env: Env, userId: number, id: number, lists: StaffList[]): Promise<boolean> {
  const updated = await getDb(env)
    .update(pushSubscriptions)
    .set({ lists })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return updated.length > 0;
}

/** Turns push off for one of this account's devices, named by its row or its endpoint; false when already off. */
export async function removePushDevice(env: Env, userId: number, device: { id: number } | { endpoint: string }): Promise<boolean> {
  const which = "id" in device ? eq(pushSubscriptions.id, device.id) : eq(pushSubscriptions.endpoint, device.endpoint);
  const removed = await getDb(env)
    .delete(pushSubscriptions)
    .where(and(which, eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/**
 * THE way to tell staff phones of something: a new record, or what a customer did to one. Sends after the
 * response, to every device that chose `push.list`; never throws, never delays the request.
 */
export function notifyStaff(env: Env, ctx: ExecutionContext, push: StaffPush): void {
  if (!pushKeys(env)) return;
  ctx.waitUntil(
    sendStaffPush(env, push).catch((error: unknown) => {
      console.error("staff push failed", error);
    }),
  );
}

export interface PushOutcome {
  /** Devices the push service accepted it for. */
  sent: number;
  /** Devices the push service reported gone (404, 410), now removed. */
  removed: number;
  /** Devices where it failed otherwise (logged; kept). */
  failed: number;
}

/** Sends one push to every device of the list now; notifyStaff runs it after the response. */
export async function sendStaffPush(env: Env, push: StaffPush): Promise<PushOutcome> {
  const keys = pushKeys(env);
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  if (!keys) return outcome;
  const db = getDb(env);
  // Every device, the lists filtered here: a store has a few dozen at most, and the lists are a JSON array.
  const devices = (
    await db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth, lists: pushSubscriptions.lists })
      .from(pushSubscriptions)
  ).filter((device) => storedLists(device.lists).includes(push.list));
  if (devices.length === 0) return outcome;

  // Loaded on first use: the Worker starts without it (decision 118).
  const { buildPushPayload } = await import("@block65/webcrypto-web-push");
  const vapid = { subject: store.siteOrigin, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const message = { data: pushNotification(push), options: { ttl: PUSH_TTL_SECONDS, urgency: "high" as const } };
  const gone: number[] = [];
  await Promise.all(
    devices.map(async (device) => {
      try {
        const subscription = { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } };
        const response = await fetch(device.endpoint, await buildPushPayload(message, subscription, vapid));
        const answer = (await response.text()).slice(0, 200);
        if (response.ok) {
          outcome.sent++;
        } else if (response.status === 404 || response.status === 410) {
          gone.push(device.id);
        } else {
          outcome.failed++;
          console.error(`push service answered ${response.status} for device ${device.id}: ${answer}`);
        }
      } catch (error) {
        outcome.failed++;
        console.error(`push to device ${device.id} failed`, error);
      }
    }),
  );
  if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  outcome.removed = gone.length;
  return outcome;
}
