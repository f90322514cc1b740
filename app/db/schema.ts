import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Timestamps are stored as epoch milliseconds; every inbox reads newest first,
// so each table carries an index on created_at (SQLite appends the rowid, which
// also serves the `created_at DESC, id DESC` tie-break).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

export const LEAD_STATUSES = ["new", "contacted", "done", "spam", "no_show"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What staff track on every lead (status and a private note). */
const leadTracking = () => ({
  status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
  staffNote: text("staff_note").notNull().default(""),
});

export const appointments = sqliteTable(
  "appointments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    /** Store-local calendar day, YYYY-MM-DD (America/Chicago). */
    date: text("date").notNull(),
    /** Slot label as shown to visitors, e.g. "11:00 AM". */
    time: text("time").notNull(),
    service: text("service").notNull(),
    createdAt: createdAt(),
    /** The slot's start as an instant (epoch ms), for "upcoming" and "past". */
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull().default(sql`0`),
    /**
     * Which of the slot's seats this booking holds (0 .. capacity-1). The unique
     * index on (date, time, slot_seat) is what makes double-booking impossible.
     */
    slotSeat: integer("slot_seat").notNull().default(0),
    submissionToken: text("submission_token"),
    ...leadTracking(),
  },
  (t) => [
    index("appointments_created_at_idx").on(t.createdAt),
    uniqueIndex("appointments_slot_seat_unique").on(t.date, t.time, t.slotSeat),
    uniqueIndex("appointments_submission_token_unique").on(t.submissionToken),
    index("appointments_status_created_at_idx").on(t.status, t.createdAt),
    index("appointments_starts_at_idx").on(t.startsAt),
  ],
);

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    email: text("email").notNull(),
    jewelryType: text("jewelry_type").notNull(),
    materialPreferences: text("material_preferences").notNull(),
    diamondSelection: text("diamond_selection").notNull(),
    createdAt: createdAt(),
    submissionToken: text("submission_token"),
    ...leadTracking(),
  },
  (t) => [
    index("orders_created_at_idx").on(t.createdAt),
    uniqueIndex("orders_submission_token_unique").on(t.submissionToken),
    index("orders_status_created_at_idx").on(t.status, t.createdAt),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    submissionToken: text("submission_token"),
    ...leadTracking(),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt),
    uniqueIndex("contact_messages_submission_token_unique").on(t.submissionToken),
    index("contact_messages_status_created_at_idx").on(t.status, t.createdAt),
  ],
);

export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    /** "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>" */
    passwordHash: text("password_hash").notNull(),
    /** Bumped to revoke every session cookie issued before (sign out everywhere). */
    tokenVersion: integer("token_version").notNull().default(0),
    /** The owner runs the staff list (one account); everyone else is staff. */
    role: text("role", { enum: STAFF_ROLES }).notNull().default("staff"),
    createdAt: createdAt(),
  },
  (t) => [index("users_created_at_idx").on(t.createdAt)],
);

/**
 * One row per signed-in browser. The session cookie names its row; deleting the
 * row ends that session at once (sign-out, "end this session", removal). A row
 * unused for 12 hours no longer counts (app/auth/session.server.ts).
 */
export const sessions = sqliteTable(
  "sessions",
  {
    /** Random, URL-safe; carried inside the signed cookie. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull(),
  },
  (t) => [index("sessions_user_last_seen_idx").on(t.userId, t.lastSeenAt), index("sessions_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * Single-use links to set a password: "invite" makes a new staff account,
 * "reset" replaces a member's password. Only a hash of the token is stored.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    kind: text("kind", { enum: ["invite", "reset"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique("invitations_token_hash_unique"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("invitations_email_idx").on(t.email), index("invitations_expires_idx").on(t.expiresAt)],
);

/**
 * Who did what, when, from where (docs/decisions/059). Append-only: triggers in
 * the migration refuse any UPDATE and any DELETE of an entry under 2 years old.
 * The actor is kept by id and e-mail, so entries outlive removed accounts.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: createdAt(),
    actorId: integer("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull().default(""),
    details: text("details").notNull().default(""),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt)],
);

/** A staff member's passkeys (WebAuthn credentials); see docs/decisions/057. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id, base64url, as the authenticator gives it. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** Comma-separated transports ("internal,hybrid"). */
    transports: text("transports").notNull().default(""),
    /** What the account page calls it ("Chrome on Mac"). */
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/** One-use WebAuthn challenges: for adding a passkey (user_id set) or signing in with one (null). */
export const passkeyChallenges = sqliteTable(
  "passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    userId: integer("user_id"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("passkey_challenges_expires_idx").on(t.expiresAt)],
);

/** What a visitor agreed to when they ticked the SMS box: the exact words, when, and from where. */
export const consentRecords = sqliteTable(
  "consent_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    contactMessageId: integer("contact_message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    consentVersion: text("consent_version").notNull(),
    consentText: text("consent_text").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("consent_records_contact_message_idx").on(t.contactMessageId)],
);

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;

/**
 * Staff notification e-mails, written in the same batch as the record they
 * announce and sent after the response; a cron retries failures with backoff.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    recordId: integer("record_id").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull().$defaultFn(() => new Date()),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_created_at_idx").on(t.createdAt),
    index("outbox_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** Fixed-window counters for the local rate limiter and login throttling. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/** The newest entry each staff account has seen, per inbox; drives the unread badges. */
export const inboxSeen = sqliteTable(
  "inbox_seen",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inbox: text("inbox", { enum: ["appointments", "orders", "contacts"] }).notNull(),
    lastSeenId: integer("last_seen_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.inbox] })],
);
