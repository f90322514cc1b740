import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/leads/contact-form";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "~/components/site/icons";
import { MapEmbed } from "~/components/site/map-embed";
import { PageHero } from "~/components/site/page-hero";
import { emailHref, mapsEmbedUrl, mapsSearchUrl, phoneHref, store } from "~/config/store";
import { seo } from "~/http/seo";
import { flashedReceipt, redirectWithToast } from "~/http/toast.server";
import { LeadReceiptCard } from "~/components/leads/lead-receipt";
import { leadReceipt, type LeadReceipt } from "~/leads/receipt";
import { saveContactMessage } from "~/leads/contact.server";
import { leadFormHeaders, leadFormLoaderData, leadNotStored, refuseLead, takeLeadSubmission } from "~/leads/intake.server";
import { CONTACT_MESSAGES, ContactSchema } from "~/leads/rules/contact";
import { HYDRATE_ON_INTENT } from "~/http/page-scripts";
import { getCloudflare } from "~/http/request-context";
import { specialDaysAhead } from "~/leads/appointments.server";
import { SpecialDaysNotice } from "~/components/booking/special-days-notice";
import { SpecialHoursJsonLd } from "~/components/site/structured-data";

export { leadFormHeaders as headers };

// The form runs React in the browser once the visitor reaches for the page (docs/decisions/070, 076).
export const handle = HYDRATE_ON_INTENT;

export function meta() {
  return seo({
    title: "Contact Us",
    description: `Call ${store.phone.display}, e-mail or send a message to ${store.name}, or visit our showroom at ${store.address.street}, Bartlett, TN.`,
    path: "/contactus",
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    ...(await leadFormLoaderData(context, "contact")),
    receipt: leadReceipt(await flashedReceipt(request, context)),
    specialDays: await specialDaysAhead(getCloudflare(context).env),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const intake = await takeLeadSubmission(request, context, "contact", ContactSchema, await request.formData());
  if (!intake.ok) return refuseLead(intake);
  try {
    await saveContactMessage(context, intake);
  } catch (error) {
    return leadNotStored(context, intake, CONTACT_MESSAGES.failure, error);
  }
  const receipt: LeadReceipt = { kind: "contact", email: intake.value.email };
  return redirectWithToast(context, "/contactus", { type: "success", message: CONTACT_MESSAGES.success }, {}, receipt);
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main>
      <SpecialHoursJsonLd days={loaderData.specialDays} />
      <PageHero eyebrow="Contact Us" title="We would love to hear from you">
        <p>Call, write or stop by the showroom. Questions about a piece, a repair or financing are always welcome.</p>
      </PageHero>

      <section className="section contact-cards" aria-label="Ways to reach us">
        <div className="container card-grid card-grid--3">
          <article className="card contact-card" aria-labelledby="contact-phone-heading">
            <span className="card__icon">
              <PhoneIcon />
            </span>
            <h2 id="contact-phone-heading">Phone</h2>
            <p className="muted">Talk to us during opening hours.</p>
            <a className="contact-card__link" href={phoneHref}>{store.phone.display}</a>
          </article>
          <article className="card contact-card" aria-labelledby="contact-email-heading">
            <span className="card__icon">
              <MailIcon />
            </span>
            <h2 id="contact-email-heading">E-mail</h2>
            <p className="muted">Send sketches and photos for custom work.</p>
            <a className="contact-card__link" href={emailHref}>{store.email}</a>
          </article>
          <article className="card contact-card" aria-labelledby="contact-visit-heading">
            <span className="card__icon">
              <MapPinIcon />
            </span>
            <h2 id="contact-visit-heading">Visit</h2>
            <p className="muted contact-card__hours">
              <ClockIcon className="icon contact-card__inline-icon" />
              <span>
                {store.hours.map((entry) => (
                  <span key={entry.label}>{entry.label}</span>
                ))}
              </span>
            </p>
            <SpecialDaysNotice days={loaderData.specialDays} />
            <a className="contact-card__link" href={mapsSearchUrl} target="_blank" rel="noopener noreferrer">
              {store.address.street}, {store.address.city}, {store.address.region} {store.address.postalCode}
              <span className="visually-hidden"> (map, opens in a new tab)</span>
            </a>
          </article>
        </div>
      </section>

      <section className="section section--tint contact-main" aria-label="Message and map">
        <div className="container contact-main__inner">
          <section aria-labelledby="contact-form-heading" className="card form-card">
            <h2 id="contact-form-heading">{loaderData.receipt ? "Your message" : "Send us a message"}</h2>
            {loaderData.receipt ? (
              <LeadReceiptCard receipt={loaderData.receipt} anotherHref="/contactus" />
            ) : (
              <>
                <p className="muted">Tell us what you have in mind and how best to reach you.</p>
                <ContactForm key={loaderData.submissionToken} submissionToken={loaderData.submissionToken} actionData={actionData} />
              </>
            )}
          </section>
          <section aria-labelledby="map-heading" className="map-block">
            <h2 id="map-heading">Find the showroom</h2>
            <MapEmbed
              src={mapsEmbedUrl}
              title={`Map showing ${store.name}, ${store.address.street}, ${store.address.city}`}
            />
            <p>
              <a href={mapsSearchUrl} target="_blank" rel="noopener noreferrer" className="button button--secondary">
                Open in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          </section>
        </div>
      </section>
    </main>
  );
}
