import { describe, expect, it } from "vitest";
import { createOwner, signIn } from "./helpers";
import { postWithCookie } from "./dashboard-helpers";
import { inDays, logRepair, readyMessages, setStatus } from "./repair-helpers";

// The repair "ready" message names the store's hours from the one availability
// source (decision 139): the owner's special days of the week ahead, set on the
// Hours page and read from D1, are in the queued text and e-mail.

/** "Fri Dec 25", as the customer reads a day. */
function dayName(date: string) {
  const noon = new Date(`${date}T12:00:00Z`);
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(noon);
  return `${format({ weekday: "short" })} ${format({ month: "short", day: "numeric" })}`;
}

describe("the ready message in a week the hours change", () => {
  it("names the closed day and the short day of the week ahead, in the text and the e-mail, and not a later one", async () => {
    const cookie = await signIn(await createOwner());
    // Two days ahead or more: the message goes out today or, in the quiet hours, tomorrow morning; both weeks hold them.
    const [closed, short, later] = [inDays(2), inDays(3), inDays(12)];
    const hours = (fields: Record<string, string>) => postWithCookie("/dashboard/hours", { intent: "add-special-day", ...fields }, cookie);
    expect((await hours({ date: closed, kind: "closed", note: "Stocktaking" })).status).toBe(302);
    // Every day of the week opens at 11: only the closing hour changes.
    expect((await hours({ date: short, kind: "hours", opens: "11:00", closes: "15:00" })).status).toBe(302);
    expect((await hours({ date: later, kind: "closed" })).status).toBe(302);

    const { repair } = await logRepair(cookie, { textConsent: "on", email: "rita@example.com" });
    expect((await setStatus(cookie, repair, "ready")).status).toBe(302);
    const messages = await readyMessages(repair.id);
    const text = messages.find((message) => message.channel === "sms")!;
    const email = messages.find((message) => message.channel === "email")!;

    expect(text.text_body).toBe(
      `Bartlett Fine Jewelry: your repair ${repair.ticket} is ready for pickup. Mon-Sat 11-6, Sun 11-7. ` +
        `We're closed ${dayName(closed)}. ${dayName(short)} we close at 3 PM. Reply STOP to opt out.`,
    );
    expect(email.text_body).toContain(`Special hours: ${dayName(closed)}: closed (Stocktaking), ${dayName(short)}: 11 AM–3 PM`);
    for (const message of [text, email]) expect(message.text_body).not.toContain(dayName(later));
  });
});
