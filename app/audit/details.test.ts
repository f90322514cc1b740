import { describe, expect, it } from "vitest";
import { auditDetailsSentence } from "./details";

describe("the audit page's details, as sentences", () => {
  it("says what an export carried, and with which search and filter", () => {
    expect(auditDetailsSentence("leads-exported", JSON.stringify({ q: "", status: null, when: "all", rows: 2, complete: true }))).toBe(
      "2 rows, with no search or filter.",
    );
    expect(auditDetailsSentence("leads-exported", JSON.stringify({ q: "ring", status: "new", when: "upcoming", rows: 1, complete: false }))).toBe(
      "1 row, matching “ring”, with status New, upcoming visits. The download stopped before the end.",
    );
    expect(auditDetailsSentence("audit-exported", JSON.stringify({ rows: 1200 }))).toBe("1,200 entries.");
  });

  it("says the same of the Repairs tab: its exports and status changes, in the words staff read", () => {
    expect(auditDetailsSentence("repairs-exported", JSON.stringify({ q: "R-7K3M", status: "waiting_parts", rows: 3, complete: true }))).toBe(
      "3 rows, matching “R-7K3M”, with status Waiting for parts.",
    );
    expect(auditDetailsSentence("repairs-exported", JSON.stringify({ q: "", status: "overdue", rows: 0, complete: true }))).toBe("0 rows, with status Overdue.");
    expect(auditDetailsSentence("repair-status-changed", JSON.stringify({ status: "in_progress" }))).toBe("Status set to In progress.");
  });

  it("says the same of the Texts list's exports", () => {
    expect(auditDetailsSentence("texts-exported", JSON.stringify({ q: "gold", status: "not-replied", rows: 2, complete: true }))).toBe(
      "2 rows, matching “gold”, with status Not replied.",
    );
  });

  it("says how someone signed in, and why a sign-in failed", () => {
    expect(auditDetailsSentence("sign-in", JSON.stringify({ method: "passkey" }))).toBe("With a passkey.");
    expect(auditDetailsSentence("sign-in-failed", JSON.stringify({ method: "password", reason: "wrong e-mail or password" }))).toBe(
      "With a password: wrong e-mail or password.",
    );
    expect(auditDetailsSentence("sign-in-failed", JSON.stringify({ method: "passkey", reason: "paused" }))).toBe(
      "With a passkey: sign-in was paused after too many tries.",
    );
  });

  it("names statuses, devices and links in words", () => {
    expect(auditDetailsSentence("lead-status-changed", JSON.stringify({ status: "no_show" }))).toBe("Status set to No-show.");
    expect(auditDetailsSentence("session-ended", JSON.stringify({ thisDevice: false }))).toBe("On another device.");
    expect(auditDetailsSentence("password-set", JSON.stringify({ link: "invite" }))).toBe("From an invitation link.");
  });

  it("writes an action it does not know as plain words, and keeps text that is not JSON", () => {
    expect(auditDetailsSentence("text-sent", JSON.stringify({ textLength: 42, toConsented: true, empty: "" }))).toBe("Text length 42; to consented yes.");
    expect(auditDetailsSentence("sign-in", "")).toBe("");
    expect(auditDetailsSentence("sign-in", "not json")).toBe("not json");
  });
});
