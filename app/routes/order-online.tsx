import type { Route } from "./+types/order-online";
import { OrderForm } from "~/components/order-form";
import { store } from "~/config/store";
import { leadFormHeaders } from "~/lib/lead-intake.server";
import { orderLoader, saveOrder } from "./order-online.server";

export { leadFormHeaders as headers };

export function meta() {
  return [
    { title: `Order Online Form | ${store.name}` },
    {
      name: "description",
      content: "Request a custom charm, grillz, ring or watch: choose the piece, metal and stones, and we will call you back.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return orderLoader(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveOrder(request, context);
}

export default function OrderOnlinePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="container page lead-page">
      <h1>Order Online Form</h1>
      <p className="lead-page__intro">
        Tell us what you would like made. We will call you to talk through the design, the price and the timing.
      </p>
      <p className="lead-page__note">
        Have a sketch or a photo? E-mail it to <a href={`mailto:${store.email}`}>{store.email}</a> or send it to us on{" "}
        <a href={store.social.whatsapp}>WhatsApp</a>, with your name, and we will add it to your request.
      </p>
      <section aria-labelledby="order-form-heading" className="card form-card">
        <h2 id="order-form-heading">Your custom piece</h2>
        <OrderForm submissionToken={loaderData.submissionToken} actionData={actionData} />
      </section>
    </main>
  );
}
