import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Timestamps are stored as epoch milliseconds; every inbox reads newest first,
// so each table carries an index on created_at (SQLite appends the rowid, which
// also serves the `created_at DESC, id DESC` tie-break).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

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
  },
  (t) => [index("appointments_created_at_idx").on(t.createdAt)],
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
  },
  (t) => [index("orders_created_at_idx").on(t.createdAt)],
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
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt)],
);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    /** "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>" */
    passwordHash: text("password_hash").notNull(),
    /** Bumped to revoke every session cookie issued before (sign out everywhere). */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("users_created_at_idx").on(t.createdAt)],
);
