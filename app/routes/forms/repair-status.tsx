import { data } from "react-router";
import type { Route } from "./+types/repair-status";
import { RepairLookupForm } from "~/components/repairs/repair-lookup-form";
import { RepairStatusCard } from "~/components/repairs/repair-status-card";
import { PageHero } from "~/components/site/page-hero";
import { phoneHref, store } from "~/config/store";
import { getDb } from "~/db/client.server";
import { NEVER_CACHE } from "~/http/cache-policy";
import { parseForm } from "~/http/form.server";
import { HYDRATE_ON_INTENT } from "~/http/page-scripts";
import { clientKey, passRetryAfter, retryAfterHeaders, waitFor } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { seo } from "~/http/seo";
import { lookUpRepair } from "~/repairs/lookup.server";
import { REPAIR_MESSAGES, RepairLookupSchema } from "~/repairs/rules";

// /repair, "Check your repair" (docs/decisions/114): the ticket number and the
// phone's last four digits show the repair's status. A post, because a miss
// counts against the address. Never stored by any cache, never indexed.

export const handle = HYDRATE_ON_INTENT;

export function headers(args: Route.HeadersArgs) {
  const headers = passRetryAfter(args);
  headers.set("Cache-Control", NEVER_CACHE);
  return headers;
}

export function meta() {
  return seo({
    title: "Check your repair",
    description: `See whether your repair at ${store.name} is ready, with the number on your claim ticket.`,
    path: "/repair",
    noindex: true,
  });
}

/** The QR code on the claim ticket opens /repair?ticket=R-…: the number is filled in. */
export function loader({ request }: Route.LoaderArgs) {
  const ticket = (new URL(request.url).searchParams.get("ticket") ?? "").slice(0, 30);
  return { ticket };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const submission = parseForm(await request.formData(), RepairLookupSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), repair: null }, { status: 400 });
  const outcome = await lookUpRepair(env, getDb(env), clientKey(request), submission.value.ticket, submission.value.last4);
  if (outcome.status === "waiting") {
    const message = `Too many look-ups that found nothing from your connection. Please wait ${waitFor(outcome.limit)}, or call us at ${store.phone.display}.`;
    return data({ result: submission.reply({ formErrors: [message] }), repair: null }, { status: 429, headers: retryAfterHeaders(outcome.limit) });
  }
  if (outcome.status === "ticket-paused") {
    return data({ result: submission.reply({ formErrors: [REPAIR_MESSAGES.ticketPaused] }), repair: null }, { status: 429, headers: retryAfterHeaders(outcome.limit) });
  }
  if (outcome.status === "not-found") {
    return data({ result: submission.reply({ formErrors: [REPAIR_MESSAGES.notFound] }), repair: null }, { status: 404 });
  }
  return { result: submission.reply(), repair: outcome.repair };
}

export default function RepairStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const repair = actionData?.repair ?? null;
  return (
    <main>
      <PageHero eyebrow="Repairs" title="Check your repair">
        <p>Enter the number on your claim ticket and the last 4 digits of the phone number you gave us.</p>
      </PageHero>
      <section className="section section--tint" aria-label="Look up a repair">
        <div className="container repair-check">
          <div className="card form-card">
            <RepairLookupForm ticket={loaderData.ticket} result={actionData?.result} />
          </div>
          {repair ? <RepairStatusCard repair={repair} /> : null}
          <p className="repair-check__call muted">
            Lost your ticket? Call us at <a href={phoneHref}>{store.phone.display}</a>.
          </p>
        </div>
      </section>
    </main>
  );
}
