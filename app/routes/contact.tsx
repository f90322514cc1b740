import type { Route } from "./+types/contact";
import { ContactForm, ContactSchema } from "~/components/contact-form";
import { saveContactMessage } from "./contact.server";
export { headers, loader } from "./contact.server";

export function meta() {
  return [
    { title: "Contact Us | Bartlett Fine Jewelry" },
    { name: "description", content: "Call, e-mail or send a message to our jewelry store in Bartlett, TN." },
  ];
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveContactMessage(request, context, ContactSchema);
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  return (
    <main className="container page">
      <h1>Contact Us</h1>
      <section aria-labelledby="contact-form-heading" className="card form-card">
        <h2 id="contact-form-heading">Send us a message</h2>
        <ContactForm actionData={actionData} />
      </section>
    </main>
  );
}
