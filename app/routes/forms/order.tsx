import type { Route } from "./+types/order";
import { LeadAside } from "~/components/leads/lead-aside";
import { OrderForm } from "~/components/leads/order-form";
import { PageHero } from "~/components/site/page-hero";
import { emailHref, store } from "~/config/store";
import { seo } from "~/http/seo";
import { flashedReceipt, redirectWithToast } from "~/http/toast.server";
import { LeadReceiptCard } from "~/components/leads/lead-receipt";
import { leadReceipt } from "~/leads/receipt";
import { leadFormHeaders, leadFormLoaderData } from "~/leads/intake.server";
import { answerOrder, takeOrder } from "~/leads/order.server";
import { ORDER_MESSAGES } from "~/leads/rules/order";
import { HYDRATE_ON_INTENT } from "~/http/page-scripts";

export { leadFormHeaders as headers };

// The form runs React in the browser once the visitor reaches for the page (docs/decisions/070, 076).
export const handle = HYDRATE_ON_INTENT;

export function meta() {
  return seo({
    title: "Order Online Form",
    description:
      "Request a custom charm, grillz, ring or watch: choose the piece, metal and stones, and we will call you back.",
    path: "/orderOnline",
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await leadFormLoaderData(context, "order")), receipt: leadReceipt(await flashedReceipt(request, context)) };
}

/** The form without JavaScript (or before it loads): a stored order redirects with the toast. */
export async function action({ request, context }: Route.ActionArgs) {
  // The browser cannot keep a file input's photos across a page: the server keeps them (decision 148).
  return answerOrder(context, await takeOrder(request, context, { keepOnRefusal: true }), (receipt) =>
    redirectWithToast(context, "/orderOnline", { type: "success", message: ORDER_MESSAGES.success }, {}, receipt),
  );
}

export default function OrderOnlinePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main>
      <PageHero eyebrow="Custom Order" title="Order Online Form">
        <p>Tell us what you would like made. We will call you to talk through the design, the price and the timing.</p>
      </PageHero>
      <section className="section lead-section">
        <div className="container lead-layout">
          <div className="card form-card">
            <h2>Your custom piece</h2>
            {loaderData.receipt ? (
              <LeadReceiptCard receipt={loaderData.receipt} anotherHref="/orderOnline" />
            ) : (
              <>
            <p className="lead-page__note">
              You can add up to three photos or sketches at the end of this form. Prefer to send a sketch or a photo? E-mail
              it to <a href={emailHref}>{store.email}</a> or send it to us on <a href={store.social.whatsapp}>WhatsApp</a>,
              with your name, and we will add it to your request.
            </p>
            <OrderForm key={loaderData.submissionToken} submissionToken={loaderData.submissionToken} actionData={actionData} />
              </>
            )}
          </div>
          <LeadAside title="What happens next">
            <ol className="lead-aside__steps">
              <li>We call you to talk through the design, the metal, the stones and your budget.</li>
              <li>You see a design preview before anything is made.</li>
              <li>We make your piece in our workshop and call you when it is ready.</li>
            </ol>
          </LeadAside>
        </div>
      </section>
    </main>
  );
}
