import { and, desc, eq, gt, isNull, max, sql, type SQL } from "drizzle-orm";
import { siteUrl } from "~/config/store";
import { getDb, type Db } from "~/db/client.server";
import { insertSelect } from "~/db/insert-select";
import { invitations, passkeys, sessions, users } from "~/db/schema";
import { passwordLinkEmail } from "./account-email";
import { emailMessage, queueMessage } from "~/messaging/outbox.server";
import { deliverQueued } from "~/messaging/outbox-delivery.server";
import { disconnectStaff } from "../../party/client.server";
import { toBase64Url } from "~/core/base64";
import { hashPassword } from "./password";

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

/** True while this account still owns the store: every owner action is guarded by it, in its own batch. */
const stillOwner = (ownerId: number) => sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${ownerId} AND ${users.role} = 'owner')`;
/** True while this account is a staff member (not the owner). */
const isStaffMember = (userId: number) => sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.role} = 'staff')`;
/** True while this account has a password: not since a reset whose link is still unused (or expired unused). */
const hasPassword = (userId: number) => sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.passwordHash} <> ${NO_PASSWORD})`;

/** The statement that cancels every unused password link of these addresses (a role changed, an account went). */
function cancelLinks(db: Db, emails: SQL) {
  return db.delete(invitations).where(and(sql`${invitations.email} IN ${emails}`, isNull(invitations.usedAt)));
}

/**
 * The statements of a single-use link (48 hours) and its e-mail, each guarded
 * by `guard`, so the caller's batch issues it only when its own change happens.
 * The new link replaces any unused one of the same kind for the address; the
 * link itself is returned to be shown once.
 */
async function passwordLink(request: Request, db: Db, kind: LinkKind, email: string, ownerId: number, guard: SQL, now: number) {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const path = `/invite/${token}` as const;
  const hash = await tokenHash(token);
  const message = emailMessage(kind === "invite" ? "staff-invite" : "staff-reset", await passwordLinkEmail(kind, email, siteUrl(path)));
  return {
    // Shown to the owner on the page they are on; e-mailed from the configured site, never a request's Host (decision 052).
    link: new URL(path, request.url).toString(),
    replaceOld: db
      .delete(invitations)
      .where(and(eq(invitations.email, email), eq(invitations.kind, kind), isNull(invitations.usedAt), guard)),
    insert: insertSelect(
      db,
      invitations,
      {
        id: sql`NULL`,
        email: sql`${email}`,
        kind: sql`${kind}`,
        tokenHash: sql`${hash}`,
        invitedBy: sql`${ownerId}`,
        createdAt: sql`${now}`,
        expiresAt: sql`${now + LINK_TTL_MS}`,
        usedAt: sql`NULL`,
      },
      sql`WHERE ${guard}`,
    ),
    queue: queueMessage(
      db,
      message,
      { leadKind: null, recordId: sql`${invitations.id}`, from: sql`FROM ${invitations} WHERE ${invitations.tokenHash} = ${hash}` },
      now,
    ),
  };
}

export type StaffChange<T = object> = ({ ok: true } & T) | { ok: false; message: string };

const NOT_LISTED = { ok: false as const, message: "That staff member is not on the list." };

export async function inviteStaff(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  ownerId: number,
  rawEmail: string,
): Promise<StaffChange<{ email: string; link: string }>> {
  const email = rawEmail.toLowerCase();
  const db = getDb(env);
  const existing = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, email) });
  if (existing) return { ok: false, message: "That person already has an account." };
  const now = Date.now();
  const link = await passwordLink(request, db, "invite", email, ownerId, stillOwner(ownerId), now);
  const [, invited, queued] = await db.batch([link.replaceOld, link.insert, link.queue]);
  if (invited.meta.changes !== 1) return { ok: false, message: "Only the store's owner can invite staff." };
  deliverQueued(env, ctx, queued, now);
  return { ok: true, email, link: link.link };
}

/** A staff member (never the owner) by id. */
async function findMember(env: Env, userId: number) {
  return getDb(env).query.users.findFirst({
    columns: { id: true, email: true, role: true },
    where: and(eq(users.id, userId), eq(users.role, "staff")),
  });
}

/**
 * Deletes the account: its sessions and passkeys go with it (they cascade), its
 * unused links are cancelled, and its open dashboards are closed. Only a staff
 * member, and only while the caller still owns the store, checked by the delete
 * itself: a "Make owner" that lands first leaves this one nothing to delete.
 */
export async function removeStaff(env: Env, ctx: ExecutionContext, ownerId: number, userId: number): Promise<StaffChange<{ email: string }>> {
  const db = getDb(env);
  const [removed] = await db
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.role, "staff"), stillOwner(ownerId)))
    .returning({ id: users.id, email: users.email });
  if (!removed) return NOT_LISTED;
  await cancelLinks(db, sql`(${removed.email})`);
  ctx.waitUntil(disconnectStaff(env, removed.id));
  return { ok: true, email: removed.email };
}

/**
 * Voids the member's password, ends every session, removes their passkeys (a
 * stolen session may have added one) and issues a link to set a new password:
 * one batch, every statement guarded by the member still being staff and the
 * caller still the owner, so a transfer racing it leaves the new owner untouched.
 */
export async function resetStaffPassword(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  ownerId: number,
  userId: number,
): Promise<StaffChange<{ email: string; link: string }>> {
  const member = await findMember(env, userId);
  if (!member) return NOT_LISTED;
  const db = getDb(env);
  const guard = and(isStaffMember(member.id), stillOwner(ownerId))!;
  const now = Date.now();
  const link = await passwordLink(request, db, "reset", member.email, ownerId, guard, now);
  const [reset, , , , , queued] = await db.batch([
    db
      .update(users)
      .set({ passwordHash: NO_PASSWORD, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.id, member.id), guard))
      .returning({ id: users.id }),
    db.delete(sessions).where(and(eq(sessions.userId, member.id), guard)),
    db.delete(passkeys).where(and(eq(passkeys.userId, member.id), guard)),
    link.replaceOld,
    link.insert,
    link.queue,
  ]);
  if (reset.length !== 1) return NOT_LISTED;
  ctx.waitUntil(disconnectStaff(env, member.id));
  deliverQueued(env, ctx, queued, now);
  return { ok: true, email: member.email, link: link.link };
}

/** Why a transfer to this member was refused while their password is void (issue 37, item 5). */
function noPasswordYetMessage(email: string): string {
  return (
    `${email} has not chosen a new password since theirs was reset, so they could not sign in as the owner. Nothing was changed. ` +
    "Once they have used their reset link and signed in, make them the owner. If the link has expired, reset their password again."
  );
}

/**
 * Makes a staff member the owner and the current owner staff, in one batch. The
 * demotion happens only while the member is still staff and has a password, and
 * the promotion only once there is no owner, so the two change one row each or
 * nothing at all (a removal, another transfer or a reset that landed first): the
 * store is never left without an owner, nor with one who cannot sign in
 * (docs/decisions/090). Both accounts' unused password links are cancelled, so a
 * member whose reset link is unused is refused rather than locked out for good.
 */
export async function transferOwnership(
  env: Env,
  ownerId: number,
  userId: number,
): Promise<
  StaffChange<{ email: string }> | { ok: false; message: string; handedOver: true } | { ok: false; message: string; noPasswordYet: true }
> {
  const member = await findMember(env, userId);
  if (!member) return NOT_LISTED;
  const db = getDb(env);
  const noOwner = sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.role} = 'owner')`;
  const handedOver = { ok: false as const, message: "Ownership was already handed over. Nothing else was changed.", handedOver: true as const };
  let demoted: { id: number }[];
  let promoted: { id: number }[];
  try {
    [demoted, promoted] = await db.batch([
      db
        .update(users)
        .set({ role: "staff" })
        .where(and(eq(users.id, ownerId), eq(users.role, "owner"), isStaffMember(member.id), hasPassword(member.id)))
        .returning({ id: users.id }),
      db
        .update(users)
        .set({ role: "owner" })
        .where(and(eq(users.id, member.id), eq(users.role, "staff"), noOwner))
        .returning({ id: users.id }),
      cancelLinks(
        db,
        sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} IN (${ownerId}, ${member.id}) AND EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${member.id} AND ${users.role} = 'owner'))`,
      ),
    ]);
  } catch (error) {
    if (!/UNIQUE constraint failed: users\.role/.test(String(error))) throw error;
    // Another transfer by the same owner (a second tab) won: this one changed nothing.
    return handedOver;
  }
  if (demoted.length === 1 && promoted.length === 1) return { ok: true, email: member.email };
  if (demoted.length !== promoted.length) throw new Error("ownership transfer changed one role without the other");
  // Nothing changed: this account was no longer the owner, the member was removed, or their password is void.
  const stillOwns = await db.query.users.findFirst({ columns: { id: true }, where: and(eq(users.id, ownerId), eq(users.role, "owner")) });
  if (!stillOwns) return handedOver;
  const voided = await db.query.users.findFirst({
    columns: { id: true },
    where: and(eq(users.id, member.id), eq(users.role, "staff"), eq(users.passwordHash, NO_PASSWORD)),
  });
  return voided ? { ok: false, message: noPasswordYetMessage(member.email), noPasswordYet: true } : NOT_LISTED;
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
  // A reset link is for a staff member only: it never sets the owner's password (issue 26, item 11).
  const [updated] = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.email, link.email), eq(users.role, "staff")))
    .returning({ id: users.id });
  if (!updated) return expired;
  return { ok: true, email: link.email, kind: link.kind, userId: updated.id };
}
