import { and, desc, eq, gt, isNull, max, sql } from "drizzle-orm";
import { siteUrl } from "~/config/store";
import { getDb } from "~/db/client.server";
import { invitations, sessions, users } from "~/db/schema";
import { passwordLinkEmail } from "~/mail/account-email";
import { deliverQueued, emailMessage, queueMessage } from "~/mail/outbox.server";
import { disconnectStaff } from "~/live/client.server";
import { toBase64Url } from "./base64";
import { hashPassword } from "./password";
import { revokeStaffSessions } from "./session.server";

// The owner's staff list (docs/decisions/058): invitations and password links,
// removal, and handing the store over. Every function here assumes the caller
// has already been checked to be the owner (requireOwner).

const LINK_TTL_MS = 48 * 60 * 60 * 1000;
/** Stored instead of a hash after a reset: verifyPassword refuses it, so no old password works. */
const NO_PASSWORD = "reset$";

type LinkKind = "invite" | "reset";

async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return toBase64Url(new Uint8Array(digest));
}

/** The staff list: accounts with when each was last seen, and invitations not yet used. */
export async function listStaff(env: Env) {
  const db = getDb(env);
  const [members, pending] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt, lastSeenAt: max(sessions.lastSeenAt) })
      .from(users)
      .leftJoin(sessions, eq(sessions.userId, users.id))
      .groupBy(users.id)
      .orderBy(desc(sql`${users.role} = 'owner'`), users.email),
    db
      .select({ id: invitations.id, email: invitations.email, expiresAt: invitations.expiresAt })
      .from(invitations)
      .where(and(eq(invitations.kind, "invite"), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())))
      .orderBy(desc(invitations.createdAt)),
  ]);
  return { members, pending };
}

/**
 * Makes a single-use link (48 hours) and queues its e-mail in the same batch;
 * the link itself is returned to be shown once. Older unused links of the same
 * kind for the same address stop working.
 */
async function issuePasswordLink(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  kind: LinkKind,
  email: string,
  ownerId: number,
): Promise<string> {
  const db = getDb(env);
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const path = `/invite/${token}` as const;
  // Shown to the owner on the page they are on; e-mailed from the configured site, never a request's Host (decision 052).
  const link = new URL(path, request.url).toString();
  const now = Date.now();
  const hash = await tokenHash(token);
  const message = emailMessage(kind === "invite" ? "staff-invite" : "staff-reset", passwordLinkEmail(kind, email, siteUrl(path)));
  // The new link replaces any unused one, and its e-mail joins the one outbox, in one batch.
  const [, , queued] = await db.batch([
    db.delete(invitations).where(and(eq(invitations.email, email), eq(invitations.kind, kind), isNull(invitations.usedAt))),
    db
      .insert(invitations)
      .values({ email, kind, tokenHash: hash, invitedBy: ownerId, createdAt: new Date(now), expiresAt: new Date(now + LINK_TTL_MS) }),
    queueMessage(
      db,
      message,
      { leadKind: null, recordId: sql`${invitations.id}`, from: sql`FROM ${invitations} WHERE ${invitations.tokenHash} = ${hash}` },
      now,
    ),
  ]);
  deliverQueued(env, ctx, queued, now);
  return link;
}

export type StaffChange<T = object> = ({ ok: true } & T) | { ok: false; message: string };

export async function inviteStaff(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  ownerId: number,
  rawEmail: string,
): Promise<StaffChange<{ email: string; link: string }>> {
  const email = rawEmail.toLowerCase();
  const existing = await getDb(env).query.users.findFirst({ columns: { id: true }, where: eq(users.email, email) });
  if (existing) return { ok: false, message: "That person already has an account." };
  return { ok: true, email, link: await issuePasswordLink(request, env, ctx, "invite", email, ownerId) };
}

/** A staff member (never the owner) by id. */
async function findMember(env: Env, userId: number) {
  return getDb(env).query.users.findFirst({
    columns: { id: true, email: true, role: true },
    where: and(eq(users.id, userId), eq(users.role, "staff")),
  });
}

/** Deletes the account: its sessions and passkeys go with it, and its open dashboards are closed. */
export async function removeStaff(env: Env, ctx: ExecutionContext, userId: number): Promise<StaffChange<{ email: string }>> {
  const member = await findMember(env, userId);
  if (!member) return { ok: false, message: "That staff member is not on the list." };
  await getDb(env).delete(users).where(eq(users.id, member.id));
  ctx.waitUntil(disconnectStaff(env, member.id));
  return { ok: true, email: member.email };
}

/** Ends every session of the member, makes the old password useless, and issues a link to set a new one. */
export async function resetStaffPassword(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  ownerId: number,
  userId: number,
): Promise<StaffChange<{ email: string; link: string }>> {
  const member = await findMember(env, userId);
  if (!member) return { ok: false, message: "That staff member is not on the list." };
  await getDb(env).update(users).set({ passwordHash: NO_PASSWORD }).where(eq(users.id, member.id));
  await revokeStaffSessions(env, member.id);
  ctx.waitUntil(disconnectStaff(env, member.id));
  return { ok: true, email: member.email, link: await issuePasswordLink(request, env, ctx, "reset", member.email, ownerId) };
}

/** Makes a staff member the owner and the current owner staff, in one batch. */
export async function transferOwnership(
  env: Env,
  ownerId: number,
  userId: number,
): Promise<StaffChange<{ email: string }> | { ok: false; message: string; handedOver: true }> {
  const member = await findMember(env, userId);
  if (!member) return { ok: false, message: "That staff member is not on the list." };
  const db = getDb(env);
  try {
    // Demote, then promote: the database holds at most one owner (users_one_owner), so a
    // second transfer racing this one fails as a whole instead of leaving two owners.
    await db.batch([
      db.update(users).set({ role: "staff" }).where(and(eq(users.id, ownerId), eq(users.role, "owner"))),
      db.update(users).set({ role: "owner" }).where(and(eq(users.id, member.id), eq(users.role, "staff"))),
    ]);
  } catch (error) {
    if (!/UNIQUE constraint failed: users\.role/.test(String(error))) throw error;
    // Another transfer by the same owner (a second tab) won: this one changed nothing.
    return { ok: false, message: "Ownership was already handed over. Nothing else was changed.", handedOver: true };
  }
  return { ok: true, email: member.email };
}

/** A usable link's address and kind, for the set-password page (reading changes nothing). */
export async function findPasswordLink(env: Env, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const link = await getDb(env).query.invitations.findFirst({
    columns: { email: true, kind: true },
    where: and(eq(invitations.tokenHash, await tokenHash(token)), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())),
  });
  return link ?? null;
}

/**
 * Uses the link once: marking it used is the same statement that checks it is
 * unused and unexpired, so two posts of one link cannot both succeed. An
 * invitation creates the staff account; a reset sets the member's password.
 */
export async function redeemPasswordLink(env: Env, token: string, password: string): Promise<StaffChange<{ email: string; kind: LinkKind; userId: number }>> {
  const expired = { ok: false as const, message: "This link has expired or was already used. Ask the owner for a new one." };
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return expired;
  const db = getDb(env);
  const passwordHash = await hashPassword(password);
  const [link] = await db
    .update(invitations)
    .set({ usedAt: new Date() })
    .where(and(eq(invitations.tokenHash, await tokenHash(token)), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())))
    .returning({ email: invitations.email, kind: invitations.kind });
  if (!link) return expired;
  if (link.kind === "invite") {
    const [created] = await db
      .insert(users)
      .values({ email: link.email, passwordHash, role: "staff" })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) return { ok: false, message: "That person already has an account. Sign in instead." };
    return { ok: true, email: link.email, kind: link.kind, userId: created.id };
  }
  const [updated] = await db.update(users).set({ passwordHash }).where(eq(users.email, link.email)).returning({ id: users.id });
  if (!updated) return expired;
  return { ok: true, email: link.email, kind: link.kind, userId: updated.id };
}
