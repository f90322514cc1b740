import { describe, expect, it } from "vitest";
import { postLead, rows } from "./lead-helpers";
import { photoFile, postOrder, validOrder } from "./photo-helpers";

// The order and contact forms named their phone field `phoneNumber` until
// decision 126. A page loaded before that deploy and sent after it still posts
// the old name: for one release it is read as `phone`. Remove this file with the
// fallback (retiredPhoneField in app/leads/rules/fields.ts).

const stored = async (table: "orders" | "contact_messages", name: string) =>
  rows<{ phone: string }>(`SELECT phone FROM ${table} WHERE name = ?`, name);

describe("a form page from before the phone field's rename", () => {
  it("contact: the message is stored with the number typed into `phoneNumber`", async () => {
    const name = `Old Contact Page ${crypto.randomUUID()}`;
    const response = await postLead("/contactus", "contact", {
      name,
      phoneNumber: "(901) 555-0161",
      email: "old-page@example.com",
      message: "Sent from a tab opened yesterday.",
      smsConsent: "on",
    });
    expect(response.status).toBe(302);
    expect(await stored("contact_messages", name)).toEqual([{ phone: "+19015550161" }]);
  });

  it("order without script: the order is stored with the number typed into `phoneNumber`", async () => {
    const name = `Old Order Page ${crypto.randomUUID()}`;
    const { phone: _new, ...fields } = validOrder;
    const response = await postLead("/orderOnline", "order", { ...fields, name, phoneNumber: "901-555-0162" });
    expect(response.status).toBe(302);
    expect(await stored("orders", name)).toEqual([{ phone: "+19015550162" }]);
  });

  it("order with script and a photo (the old page's upload): stored with the old field's number", async () => {
    const name = `Old Order Script ${crypto.randomUUID()}`;
    const { phone: _new, ...fields } = validOrder;
    const response = await postOrder({ ...fields, name, phoneNumber: "901 555 0163" }, [photoFile("ring.jpg")], { path: "/orderOnline/send" });
    expect(response.status).toBe(200);
    expect(await stored("orders", name)).toEqual([{ phone: "+19015550163" }]);
  });

  it("the new name wins when a post carries both", async () => {
    const name = `Both Names ${crypto.randomUUID()}`;
    const response = await postLead("/contactus", "contact", {
      name,
      phone: "901-555-0164",
      phoneNumber: "901-555-0999",
      email: "both@example.com",
      message: "Both fields.",
      smsConsent: "on",
    });
    expect(response.status).toBe(302);
    expect(await stored("contact_messages", name)).toEqual([{ phone: "+19015550164" }]);
  });
});
