import { HONEYPOT_FIELD } from "~/leads/rules/fields";

/** People never see the honeypot field; a value in it means a bot filled the form. */
export function checkHoneypot(formData: FormData): void {
  const value = formData.get(HONEYPOT_FIELD);
  if (typeof value === "string" && value.length > 0) {
    throw new Response("Form not submitted properly.", { status: 400 });
  }
}
