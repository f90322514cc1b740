// npm run staff:create -- --email E --password P [--remote] [--if-missing] [--owner]
// Creates a staff account (the first one is the owner), or resets its password
// (which also signs that account out everywhere and removes its passkeys). For
// bootstrapping and recovery; day to day the owner runs the Staff page. Local D1
// by default; --remote for the deployed one.
//
// --owner: recovery when the store has no owner, or the owner's account is lost.
// The account (created if missing) becomes the owner with this password; whoever
// owned the store becomes staff; both accounts' unused password links are
// cancelled (docs/decisions/090).
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { MIN_PASSWORD_LENGTH } from "../app/auth/password-length.ts";
import { hashPassword } from "../app/auth/password.ts";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    remote: { type: "boolean", default: false },
    "if-missing": { type: "boolean", default: false },
    owner: { type: "boolean", default: false },
    /** Local state folder, for the browser tests' throwaway database. */
    "persist-to": { type: "string" },
  },
});

const email = values.email?.trim().toLowerCase() ?? "";
const password = values.password ?? "";

function fail(message: string): never {
  console.error(`staff:create: ${message}`);
  process.exit(1);
}

if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) fail("give a valid --email");
if (password.length < MIN_PASSWORD_LENGTH) fail(`--password must be at least ${MIN_PASSWORD_LENGTH} characters`);

if (values.owner && values["if-missing"]) fail("--owner sets this account's password: it cannot be combined with --if-missing");

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const hash = await hashPassword(password);
const account = `(SELECT id FROM users WHERE email = ${quote(email)})`;
const onConflict = values["if-missing"]
  ? "DO NOTHING"
  : `DO UPDATE SET password_hash = excluded.password_hash, token_version = users.token_version + 1${values.owner ? ", role = 'owner'" : ""}`;
// The first account is the owner, who runs the staff list in the dashboard; with --owner, this one is.
const role = values.owner ? "'owner'" : "(SELECT CASE WHEN EXISTS (SELECT 1 FROM users) THEN 'staff' ELSE 'owner' END)";
const statements = [
  ...(values.owner
    ? [
        // Before the roles change: links issued to either account for its old role stop working.
        `DELETE FROM invitations WHERE used_at IS NULL AND (email = ${quote(email)} OR email IN (SELECT email FROM users WHERE role = 'owner'));`,
        // At most one owner (users_one_owner): the current one steps down first.
        `UPDATE users SET role = 'staff' WHERE role = 'owner' AND email <> ${quote(email)};`,
      ]
    : []),
  `INSERT INTO users (email, password_hash, token_version, created_at, role) ` +
    `VALUES (${quote(email)}, ${quote(hash)}, 0, ${Date.now()}, ${role}) ON CONFLICT(email) ${onConflict};`,
  // A reset also ends the account's server-side sessions (the new token version already refuses their cookies)
  // and removes its passkeys: whoever held the account before may have added one.
  ...(values["if-missing"] ? [] : [`DELETE FROM sessions WHERE user_id = ${account};`, `DELETE FROM passkeys WHERE user_id = ${account};`]),
];
const sql = statements.join(" ");

const target = values.remote ? ["--remote"] : ["--local"];
if (!values.remote && values["persist-to"]) target.push("--persist-to", values["persist-to"]);
const result = spawnSync("wrangler", ["d1", "execute", "DB", ...target, "--command", sql], {
  stdio: values["if-missing"] ? "pipe" : "inherit",
  env: process.env,
});
if (result.status !== 0) {
  if (result.stderr) process.stderr.write(result.stderr);
  fail("wrangler d1 execute failed");
}
console.log(`${values.owner ? "Owner" : "Staff"} account ready: ${email} (${values.remote ? "deployed" : "local"} database)`);
