import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LEAD_KINDS } from "~/core/lead-kinds";
import { LEAD_STATUSES, type LeadStatus } from "~/core/lead-statuses";
import { REPAIR_STATUSES } from "~/core/repair-statuses";
import { STAFF_LISTS } from "~/core/staff-lists";

// Timestamps are stored as epoch milliseconds; every inbox reads newest first,
// so each table carries an index on created_at (SQLite appends the rowid, which
// also serves the `created_at DESC, id DESC` tie-break).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());


/** An appointment in one of these keeps its row but not its seat (the partial unique index below). */
export const SEAT_RELEASING_STATUSES: LeadStatus[] = ["cancelled", "spam", "no_show"];

/**
 * What staff track on every lead (its status), and who changed it last (docs/decisions/106). Its notes are
 * entries of their own (record_notes, decision 140), so a note never meets a version.
 */
const leadTracking = () => ({
  status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
  /** Goes up by one with every change of status; a save names the version it started from. */
  version: integer("version").notNull().default(1),
  /** Who made the latest change (a staff e-mail, or "the visitor"), and when (epoch ms); null before any. */
  updatedBy: text("updated_by"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
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
     * index on (date, time, slot_seat) is what makes double-booking impossible;
     * it covers only appointments that still hold their seat (not cancelled, spam or no-show).
     */
    slotSeat: integer("slot_seat").notNull().default(0),
    submissionToken: text("submission_token"),
    /** Where the visitor wants the confirmation and reminder e-mailed; null if they gave none. */
    email: text("email"),
    /** The visitor's latest change from the manage page; what follows it in the same batch is keyed to it. */
    changeId: text("change_id"),
    /**
     * The calendar file's SEQUENCE (RFC 5545): 0 when booked, one more each time the
     * visit moves or is cancelled or reopened, so a calendar replaces the event it holds.
     */
    sequence: integer("sequence").notNull().default(0),
    ...leadTracking(),
    /** The phone's last 10 digits, however it was typed: the booking cap per phone counts by it (decision 051). */
    phoneKey: text("phone_key").notNull().default(""),
    /** Keyed hashes of the browser and the IP address that booked; cleared after a day (decision 051). */
    visitorKey: text("visitor_key"),
    addressKey: text("address_key"),
  },
  (t) => [
    index("appointments_created_at_idx").on(t.createdAt),
    uniqueIndex("appointments_slot_seat_unique")
      .on(t.date, t.time, t.slotSeat)
      .where(sql`${sql.identifier("status")} NOT IN ('cancelled', 'spam', 'no_show')`),
    uniqueIndex("appointments_submission_token_unique").on(t.submissionToken),
    index("appointments_status_created_at_idx").on(t.status, t.createdAt),
    index("appointments_starts_at_idx").on(t.startsAt),
    index("appointments_phone_key_starts_at_idx").on(t.phoneKey, t.startsAt),
    index("appointments_visitor_key_created_at_idx").on(t.visitorKey, t.createdAt),
    index("appointments_address_key_created_at_idx").on(t.addressKey, t.createdAt),
    // A customer's text finds their records by number (app/messaging/customer-texts.server.ts).
    index("appointments_phone_idx").on(t.phone, t.createdAt),
  ],
);

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    jewelryType: text("jewelry_type").notNull(),
    materialPreferences: text("material_preferences").notNull(),
    diamondSelection: text("diamond_selection").notNull(),
    /** "Tell us about your piece": size, engraving, budget, date needed (optional, up to 2,000 characters). */
    pieceDescription: text("piece_description"),
    createdAt: createdAt(),
    submissionToken: text("submission_token"),
    ...leadTracking(),
  },
  (t) => [
    index("orders_created_at_idx").on(t.createdAt),
    uniqueIndex("orders_submission_token_unique").on(t.submissionToken),
    index("orders_status_created_at_idx").on(t.status, t.createdAt),
    index("orders_phone_idx").on(t.phone, t.createdAt),
  ],
);

/**
 * The photos and sketches a visitor sent with a custom order (migrations/0005).
 * The bytes are in R2 under `objectKey` (random, never shown to visitors); staff
 * open them through /dashboard/orders/:id/photos/:position.
 */
export const orderPhotos = sqliteTable(
  "order_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    objectKey: text("object_key").notNull(),
    /** The kind read from the file's first bytes, e.g. "image/jpeg"; never the browser's word. */
    contentType: text("content_type").notNull(),
    /** A safe name for Content-Disposition, made from the visitor's file name. */
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    /** 1, 2, 3 in the order the visitor chose them. */
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_photos_object_key_unique").on(t.objectKey),
    uniqueIndex("order_photos_order_position_unique").on(t.orderId, t.position),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
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
    index("contact_messages_phone_idx").on(t.phone, t.createdAt),
  ],
);

const STAFF_ROLES = ["owner", "staff"] as const;
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
    /** The owner runs the staff list; everyone else is staff. */
    role: text("role", { enum: STAFF_ROLES }).notNull().default("staff"),
    createdAt: createdAt(),
  },
  (t) => [
    index("users_created_at_idx").on(t.createdAt),
    // At most one owner: a second one, from any path or race, is refused by the database.
    uniqueIndex("users_one_owner").on(t.role).where(sql`${t.role} = 'owner'`),
  ],
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
    /**
     * Failed sign-ins roll up: one row per account (or none), method, address and
     * 15-minute window, counting its tries (docs/decisions/089). Null for every other entry.
     */
    rollupKey: text("rollup_key"),
    count: integer("count").notNull().default(1),
    /** The latest try a rolled-up row counts; null while it counts one. */
    lastAt: integer("last_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt), uniqueIndex("audit_log_rollup_key_unique").on(t.rollupKey)],
);

/**
 * The owner's special days (decision 139): a date the store is closed, or open at
 * other hours than the weekly ones in app/config/store.ts, with a note visitors read.
 */
export const specialDays = sqliteTable("special_days", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Store-local calendar day, YYYY-MM-DD: one special day per date. */
  date: text("date").notNull().unique(),
  closed: integer("closed", { mode: "boolean" }).notNull(),
  /** 24-hour "HH:MM"; null when closed. */
  opens: text("opens"),
  closes: text("closes"),
  note: text("note").notNull().default(""),
  createdAt: createdAt(),
  createdBy: text("created_by").notNull(),
});

/** Stretches of an open day that take no appointments (decision 139); the reason is for staff only. */
export const blockedTimes = sqliteTable(
  "blocked_times",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    date: text("date").notNull(),
    /** 24-hour "HH:MM", store-local. */
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
    createdBy: text("created_by").notNull(),
  },
  (t) => [index("blocked_times_date_idx").on(t.date)],
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

/**
 * What a consent allows: texts about the visitor's own request, promotions (a separate, optional box),
 * one repair's "ready" text, agreed at the counter (app/repairs/), which allows nothing else, or (since
 * migration 0018) that repair's estimate to approve and its "ready" text.
 */
const CONSENT_PURPOSES = ["transactional", "promotional", "repair-ready", "repair-updates"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * What a visitor agreed to when they ticked an SMS box: the exact words, when, from where, and for
 * which number. Kept 4 years, independent of the message or appointment it came with (no cascade).
 */
export const consentRecords = sqliteTable(
  "consent_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** E.164 (+1 and ten digits); null when the form's number cannot receive texts. */
    phone: text("phone"),
    /** Where it was given; the message or appointment may since have been deleted. */
    contactMessageId: integer("contact_message_id"),
    appointmentId: integer("appointment_id"),
    /** A repair ticket's consent, given at the counter (app/repairs/), and the clerk who recorded it. */
    repairId: integer("repair_id"),
    recordedBy: text("recorded_by"),
    /** What the texts may be: about this message or visit, or promotions too (a separate, optional box). */
    purpose: text("purpose", { enum: CONSENT_PURPOSES }).notNull().default("transactional"),
    consentVersion: text("consent_version").notNull(),
    consentText: text("consent_text").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
    /**
     * A promotional consent counts once the number itself confirmed it: when it
     * replied YES to the confirmation text, and that reply's Twilio MessageSid
     * (decision 135). Null on other purposes and on an unconfirmed request.
     */
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    confirmationSid: text("confirmation_sid"),
  },
  (t) => [
    index("consent_records_contact_message_idx").on(t.contactMessageId),
    index("consent_records_appointment_idx").on(t.appointmentId),
    index("consent_records_repair_idx").on(t.repairId),
    index("consent_records_phone_idx").on(t.phone),
    index("consent_records_phone_idx").on(t.phone, t.purpose),
    index("consent_records_created_at_idx").on(t.createdAt),
  ],
);

const SMS_OPT_OUT_ACTIONS = ["stop", "start"] as const;

/** The opt-out list as a log, kept 4 years: a number is opted out while its newest row says "stop". */
export const smsOptOuts = sqliteTable(
  "sms_opt_outs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    phone: text("phone").notNull(),
    action: text("action", { enum: SMS_OPT_OUT_ACTIONS }).notNull(),
    /** The word as the person sent it (STOP, UNSUBSCRIBE, START, …). */
    keyword: text("keyword").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sms_opt_outs_phone_idx").on(t.phone, t.id), index("sms_opt_outs_created_at_idx").on(t.createdAt)],
);

/** Texts received through the provider's webhook; a retried webhook (same MessageSid) stores once. */
export const smsInbound = sqliteTable(
  "sms_inbound",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageSid: text("message_sid").notNull(),
    fromPhone: text("from_phone").notNull(),
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    /** "stop", "start" or "help" when the text was one of those keywords. */
    keyword: text("keyword"),
    createdAt: createdAt(),
    /**
     * The record whose list's badge the text raises (decision 144): the sender's newest record when it arrived;
     * null for a number with no record, and for texts received before migration 0022.
     */
    list: text("list", { enum: STAFF_LISTS }),
    recordId: integer("record_id"),
  },
  (t) => [
    uniqueIndex("sms_inbound_message_sid_unique").on(t.messageSid),
    index("sms_inbound_record_idx").on(t.list, t.recordId, t.id),
    index("sms_inbound_from_phone_idx").on(t.fromPhone, t.createdAt),
    index("sms_inbound_created_at_idx").on(t.createdAt),
  ],
);

/** What happened to a lead after it arrived (a visitor's reschedule or cancellation), for its history. */
export const leadEvents = sqliteTable(
  "lead_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leadKind: text("lead_kind", { enum: LEAD_KINDS }).notNull(),
    recordId: integer("record_id").notNull(),
    type: text("type", { enum: ["rescheduled", "cancelled"] }).notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("lead_events_record_idx").on(t.leadKind, t.recordId, t.createdAt)],
);

const OUTBOX_STATUSES = ["pending", "sent", "failed", "cancelled"] as const;
const OUTBOX_CHANNELS = ["email", "sms"] as const;
/** What became of a sent text, once the carrier reports it (docs/decisions/082). */
const SMS_DELIVERY_OUTCOMES = ["delivered", "undelivered"] as const;
export type SmsDeliveryOutcome = (typeof SMS_DELIVERY_OUTCOMES)[number];

/**
 * Every e-mail and text the site sends (staff notifications, visitor confirmations
 * and reminders, staff texts), written in the same batch as what it is about and
 * sent after the response; a cron retries failures with backoff. See docs/decisions/022 and 065.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What the message is (app/messaging/message-kinds.ts); a staff notification's kind is its lead's kind. */
    kind: text("kind").notNull(),
    /** The lead's id (lead_kind), or for a reply to a text, the received text's id (sms_inbound). */
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
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull().default("email"),
    leadKind: text("lead_kind", { enum: LEAD_KINDS }),
    /** A reminder is sent only while its appointment still starts at this instant. */
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    /** When it was counted against the daily limits (once, before its first send). */
    countedAt: integer("counted_at", { mode: "timestamp_ms" }),
    /** The provider's id for the sent message (Twilio's Message SID). */
    providerId: text("provider_id"),
    /** A staff text's form id, so a double click queues one text. */
    dedupeKey: text("dedupe_key"),
    /** What the carrier reported for a sent text (Twilio's status callback); null until it reports. */
    delivery: text("delivery", { enum: SMS_DELIVERY_OUTCOMES }),
    /** Twilio's error code when the text was not delivered (30006: a landline, …). */
    deliveryErrorCode: integer("delivery_error_code"),
    /** Where a reply to the e-mail goes: the store for a visitor's, the lead for staff's; null for none. */
    replyTo: text("reply_to"),
    /** The appointment's calendar file (.ics) attached to the e-mail, as it stood when queued; null for none. */
    calendarFile: text("calendar_file"),
    /** The staff member (e-mail) who wrote and sent a staff text; null for what the site sends by itself. */
    sentBy: text("sent_by"),
  },
  (t) => [
    index("outbox_created_at_idx").on(t.createdAt),
    index("outbox_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    uniqueIndex("outbox_dedupe_key_unique").on(t.dedupeKey),
    index("outbox_lead_idx").on(t.leadKind, t.recordId),
    index("outbox_recipient_counted_idx").on(t.channel, t.recipient, t.countedAt),
    index("outbox_channel_counted_idx").on(t.channel, t.countedAt),
    // Twilio's delivery reports name the text by its Message SID.
    index("outbox_provider_id_idx").on(t.providerId),
  ],
);

/** The records whose finished visit asks for a review (decision 146): an appointment marked Done, a repair Picked up. */
export const REVIEW_REQUEST_LISTS = ["appointments", "repairs"] as const;

/**
 * Every review request the outbox went on to send (decision 146), kept after the outbox's copy is deleted (90
 * days): who was asked, for the once-per-customer rule, and when it went, for the dashboard's monthly count. A
 * row is written just before its message is sent, in the same conditional statement that checks the rule.
 */
export const reviewRequests = sqliteTable(
  "review_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The outbox row of the message (its copy goes after 90 days; this link then finds nothing). */
    outboxId: integer("outbox_id").notNull(),
    list: text("list", { enum: REVIEW_REQUEST_LISTS }).notNull(),
    recordId: integer("record_id").notNull(),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
    /** The customer, by every way the record reaches them: its textable number (E.164) and its e-mail (lower case). */
    phone: text("phone"),
    email: text("email"),
    /** When the outbox took it to send (the rule counts from here); sent_at once the provider accepted it. */
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("review_requests_outbox_unique").on(t.outboxId),
    index("review_requests_phone_idx").on(t.phone, t.claimedAt),
    index("review_requests_email_idx").on(t.email, t.claimedAt),
    index("review_requests_sent_at_idx").on(t.sentAt),
  ],
);

/** Fixed-window counters for the local rate limiter and login throttling. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

/** The newest entry each staff account has seen, per inbox; drives the unread badges. */
export const inboxSeen = sqliteTable(
  "inbox_seen",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The staff list (app/core/staff-lists.ts); the column keeps its first name. */
    inbox: text("inbox", { enum: STAFF_LISTS }).notNull(),
    lastSeenId: integer("last_seen_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.inbox] })],
);

/**
 * A repair the store took in at the counter (app/repairs/, docs/decisions/113). The customer
 * looks it up by `ticket` (random, unique) and the last four digits of the phone.
 */
export const repairs = sqliteTable(
  "repairs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "R-7K3M-9Q": 30 random bits, never sequential (app/repairs/ticket-number.ts). */
    ticket: text("ticket").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    /** The phone's last four digits, compared in constant time by the customer's look-up. */
    phoneLast4: text("phone_last4").notNull(),
    email: text("email"),
    item: text("item").notNull(),
    work: text("work").notNull(),
    /** What "Other" work means, or a detail of the chosen work. */
    workDetail: text("work_detail").notNull().default(""),
    estimateCents: integer("estimate_cents"),
    /** Store-local calendar day, YYYY-MM-DD. */
    promisedDate: text("promised_date").notNull(),
    /** The piece's state when it came in (scratches, a loose stone…), as the clerk wrote it at the counter. */
    conditionNotes: text("condition_notes").notNull().default(""),
    status: text("status", { enum: REPAIR_STATUSES }).notNull().default("received"),
    /** Bumped by every change: a form posts the version it showed, and a stale one changes nothing. */
    version: integer("version").notNull().default(1),
    /** The latest change's id: what follows it in the same batch (history, messages) is keyed to it. */
    changeId: text("change_id").notNull(),
    /** Whether the customer agreed, at the counter, to a text when it is ready (the words are in consent_records). */
    textConsent: integer("text_consent", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    createdBy: text("created_by").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    updatedBy: text("updated_by").notNull(),
    /** When it was last set Ready for pickup (overdue 30 days after); null when it is not ready. */
    readyAt: integer("ready_at", { mode: "timestamp_ms" }),
    /** When it was picked up or cancelled: retention counts 2 years from here. */
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    /** The new-repair form's id, so a double submit stores one repair. */
    formId: text("form_id").notNull(),
  },
  (t) => [
    uniqueIndex("repairs_ticket_unique").on(t.ticket),
    uniqueIndex("repairs_form_id_unique").on(t.formId),
    index("repairs_created_at_idx").on(t.createdAt),
    index("repairs_status_created_at_idx").on(t.status, t.createdAt),
    index("repairs_ready_at_idx").on(t.readyAt),
    index("repairs_closed_at_idx").on(t.closedAt),
    index("repairs_phone_idx").on(t.phone, t.createdAt),
  ],
);

/** Every status a repair had, with who set it and when, and the estimate and promised date as they stood. */
export const repairEvents = sqliteTable(
  "repair_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    repairId: integer("repair_id")
      .notNull()
      .references(() => repairs.id, { onDelete: "cascade" }),
    status: text("status", { enum: REPAIR_STATUSES }).notNull(),
    estimateCents: integer("estimate_cents"),
    promisedDate: text("promised_date").notNull(),
    actorEmail: text("actor_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("repair_events_repair_idx").on(t.repairId, t.id)],
);

const REPAIR_PHOTO_STAGES = ["intake", "completion"] as const;
export type RepairPhotoStage = (typeof REPAIR_PHOTO_STAGES)[number];

/**
 * A repair's photos (migration 0018): its condition when taken in, and optionally the finished work. The
 * bytes are in R2 under `objectKey`, like order photos; staff open them through /dashboard/repairs/:id/photos/:photoId.
 */
export const repairPhotos = sqliteTable(
  "repair_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    repairId: integer("repair_id")
      .notNull()
      .references(() => repairs.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: REPAIR_PHOTO_STAGES }).notNull(),
    objectKey: text("object_key").notNull(),
    /** The kind read from the file's first bytes; never the browser's word. */
    contentType: text("content_type").notNull(),
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    /** 1, 2, … within its stage, in the order the clerk chose them. */
    position: integer("position").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("repair_photos_object_key_unique").on(t.objectKey),
    uniqueIndex("repair_photos_stage_position_unique").on(t.repairId, t.stage, t.position),
  ],
);

const ESTIMATE_DECISIONS = ["approved", "declined", "withdrawn"] as const;
export type EstimateDecision = (typeof ESTIMATE_DECISIONS)[number];

/**
 * An estimate the customer is asked to approve (migration 0018, docs/decisions/141): one row each time a
 * clerk sets a repair Waiting for approval. Decided once: `decision` is written only while it is null,
 * by the customer on /repair (with the time and their address) or, when a clerk moves the repair on, "withdrawn".
 */
export const repairEstimates = sqliteTable(
  "repair_estimates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    repairId: integer("repair_id")
      .notNull()
      .references(() => repairs.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** The work found, in the clerk's words, shown to the customer. */
    description: text("description").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    /** The repair change that asked for it: the messages in its batch are keyed to it. */
    changeId: text("change_id").notNull(),
    decision: text("decision", { enum: ESTIMATE_DECISIONS }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    /** The customer's address when they decided (kept whole, like the audit trail's). */
    decidedIp: text("decided_ip"),
    /** The change the decision made, so the repair's update in the same batch is keyed to it. */
    decisionChangeId: text("decision_change_id"),
  },
  (t) => [index("repair_estimates_repair_idx").on(t.repairId, t.id), uniqueIndex("repair_estimates_change_unique").on(t.changeId)],
);

/**
 * A record's notes (decision 140): appended, never changed or removed, each with its author and time, on any staff
 * list's record. Notes written before migration 0019 are signed "before notes were kept".
 */
export const recordNotes = sqliteTable(
  "record_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    list: text("list", { enum: STAFF_LISTS }).notNull(),
    recordId: integer("record_id").notNull(),
    body: text("body").notNull(),
    /** The staff member's e-mail (kept after the account is removed), or "before notes were kept". */
    author: text("author").notNull(),
    createdAt: createdAt(),
    /** The note form's id, so a retried post stores the note once; null for the migrated notes. */
    formId: text("form_id"),
  },
  (t) => [index("record_notes_record_idx").on(t.list, t.recordId, t.createdAt), uniqueIndex("record_notes_form_id_unique").on(t.formId)],
);

/**
 * What staff did to a record that its own table does not keep as history (a lead's status set by staff, …), for
 * its timeline (decision 140). `kind` is a TIMELINE_EVENT_KINDS key (app/core/timeline.ts); `detail` its value.
 */
export const recordEvents = sqliteTable(
  "record_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    list: text("list", { enum: STAFF_LISTS }).notNull(),
    recordId: integer("record_id").notNull(),
    kind: text("kind").notNull(),
    detail: text("detail").notNull().default(""),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("record_events_record_idx").on(t.list, t.recordId, t.createdAt)],
);

/**
 * A device where a staff member turned on push notifications (docs/decisions/145): the push service's
 * endpoint and the browser's keys (RFC 8291), the staff lists it is notified of, and the session that turned
 * it on, so signing out of that device removes it. Not a foreign key: a session ends by itself after 12 idle
 * hours and its row is purged, but the phone should still ring overnight.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    /** The push service's URL for this browser: https, at a known push service. */
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and its 16-byte auth secret, base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The staff lists this device is notified of, as a JSON array of names (STAFF_LISTS). */
    lists: text("lists", { mode: "json" }).$type<string[]>().notNull(),
    /** What the account page calls it ("Chrome on Android"). */
    device: text("device").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * The newest customer text each staff account has read on a record (decision 144): a text landed on a record
 * (sms_inbound.list, record_id) with a higher id is unread for that account and counts in its list's badge.
 */
export const textReads = sqliteTable(
  "text_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    list: text("list", { enum: STAFF_LISTS }).notNull(),
    recordId: integer("record_id").notNull(),
    lastTextId: integer("last_text_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list, t.recordId] })],
);

/** The table of each staff list whose records are a customer's (app/core/staff-lists.ts): each has id, name, phone. */
export const CUSTOMER_RECORD_TABLES = { appointments, orders, contacts: contactMessages, repairs } as const;

/** Each lead kind's table (app/core/lead-kinds.ts names them; the tables share their lead columns). */
export const LEAD_TABLES = { contact: contactMessages, order: orders, appointment: appointments } as const;
