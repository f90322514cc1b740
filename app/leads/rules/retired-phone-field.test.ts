import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ContactSchema } from "./contact";
import { OrderSchema } from "./order";

// The old `phoneNumber` field, read for one release (decision 126): remove with retiredPhoneField.

function formData(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const contact = { name: "Ada", email: "ada@example.com", message: "Hello", smsConsent: "on" };
const order = { name: "Ada", email: "ada@example.com", jewelryType: "Custom Ring", materialPreferences: "Silver", diamondSelection: "Moissanite" };

describe("the phone field's old name", () => {
  it("is read as phone when phone is absent", () => {
    const sent = parseWithZod(formData({ ...contact, phoneNumber: "(901) 555-0161" }), { schema: ContactSchema });
    expect(sent.status).toBe("success");
    expect(sent.status === "success" && sent.value.phone).toBe("+19015550161");
    const ordered = parseWithZod(formData({ ...order, phoneNumber: "901 555 0162" }), { schema: OrderSchema });
    expect(ordered.status === "success" && ordered.value.phone).toBe("+19015550162");
  });

  it("gives way to phone when a post has both, even an empty phone", () => {
    const both = parseWithZod(formData({ ...contact, phone: "901-555-0164", phoneNumber: "901-555-0999" }), { schema: ContactSchema });
    expect(both.status === "success" && both.value.phone).toBe("+19015550164");
    const empty = parseWithZod(formData({ ...order, phone: "", phoneNumber: "901-555-0999" }), { schema: OrderSchema });
    expect(empty.status).toBe("error");
    expect(empty.reply().error).toMatchObject({ phone: ["Please enter your phone number."] });
  });

  it("leaves the forms' constraints as they were: phone is required in the page's HTML", () => {
    expect(getZodConstraint(ContactSchema).phone).toMatchObject({ required: true });
    expect(getZodConstraint(OrderSchema).phone).toMatchObject({ required: true });
    expect(getZodConstraint(OrderSchema).jewelryTypeOther).toMatchObject({ required: false });
  });
});
