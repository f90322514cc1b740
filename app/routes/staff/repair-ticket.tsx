import { data, Link } from "react-router";
import { parseRowId } from "~/core/row-id";
import type { Route } from "./+types/repair-ticket";
import { useHydrated } from "~/components/site/use-hydrated";
import { WebAddress } from "~/components/ui/web-address";
import { store, storeAddressLine } from "~/config/store";
import { getDb } from "~/db/client.server";
import { getCloudflare } from "~/http/request-context";
import { formatPhone } from "~/core/phone";
import { formatStoreDate, storeDate } from "~/core/store-time";
import { repairStatusUrl } from "~/repairs/messages";
import { repairQrSvg } from "~/repairs/qr.server";
import { getRepair } from "~/repairs/repairs.server";
import { formatEstimate } from "~/repairs/rules";
import { clerkInitials, repairHref, workLabel } from "~/repairs/view";

// The printable claim ticket: one letter sheet cut in two (the print rules in
// app/styles/repairs.css). Above the cut line the customer's copy (the QR code
// opens /repair with the number filled in, and the store's repair terms);
// below it the store's copy, a bag tag for the envelope the piece waits in.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Claim ticket ${loaderData?.ticket ?? ""} | Staff dashboard` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseRowId(params.id);
  const repair = id === null ? undefined : await getRepair(getDb(getCloudflare(context).env), id);
  if (!repair) throw data("Not found", { status: 404 });
  return {
    id: repair.id,
    ticket: repair.ticket,
    item: repair.item,
    work: workLabel(repair),
    estimate: formatEstimate(repair.estimateCents),
    promised: formatStoreDate(repair.promisedDate),
    droppedOff: formatStoreDate(storeDate(repair.createdAt)),
    initials: clerkInitials(repair.createdBy),
    name: repair.name,
    phone: formatPhone(repair.phone),
    condition: repair.conditionNotes,
    qrSvg: repairQrSvg(repair.ticket),
    statusUrl: repairStatusUrl(repair.ticket),
    statusPage: `${store.siteOrigin.replace(/^https:\/\//, "")}/repair`,
  };
}

export default function RepairTicketPage({ loaderData: ticket }: Route.ComponentProps) {
  const hydrated = useHydrated();
  return (
    <main className="staff-page container repair-ticket-page">
      <div className="repair-ticket-page__tools">
        <Link to={repairHref(ticket.id)}>← Back to the repair</Link>
        {hydrated ? (
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            Print ticket
          </button>
        ) : (
          <p className="muted">Print this page with your browser's Print command (Ctrl+P or ⌘P).</p>
        )}
      </div>
      <div className="claim-sheet">
        <article className="claim-ticket" aria-labelledby="claim-ticket-title" data-copy="customer">
          <header className="claim-ticket__store">
            <p className="claim-ticket__store-name">{store.name}</p>
            <p>
              {storeAddressLine} · {store.phone.display}
            </p>
          </header>
          <h1 id="claim-ticket-title" className="claim-ticket__title">
            Repair claim ticket · customer copy
          </h1>
          <p className="claim-ticket__number" data-testid="claim-ticket-number">
            {ticket.ticket}
          </p>
          <div className="claim-ticket__body">
            <dl className="claim-ticket__facts">
              <Fact label="Item" value={ticket.item} />
              <Fact label="Work" value={ticket.work} />
              <Fact label="Estimate" value={ticket.estimate || "To be confirmed"} />
              <Fact label="Dropped off" value={ticket.droppedOff} />
              <Fact label="Promised for" value={ticket.promised} />
              <Fact label="Taken in by" value={ticket.initials} />
            </dl>
            <div className="claim-ticket__check">
              {/* Drawn by lean-qr on the server from our own URL: no user text goes into it. */}
              <div className="claim-ticket__qr" role="img" aria-label={`QR code: ${ticket.statusUrl}`} dangerouslySetInnerHTML={{ __html: ticket.qrSvg }} />
              <p>
                <strong>Check your repair</strong> at <WebAddress address={ticket.statusPage} /> with this number and the last 4 digits of your phone.
              </p>
            </div>
          </div>
          <section className="claim-ticket__terms" aria-labelledby="claim-ticket-terms">
            <h2 id="claim-ticket-terms">Repair terms</h2>
            <ul>
              {store.repairTerms.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
          </section>
          <p className="claim-ticket__hours">{store.hours.map((entry) => entry.label).join(" · ")}</p>
        </article>
        <p className="claim-sheet__cut" aria-hidden="true">
          <span>✂ Cut here</span>
        </p>
        <article className="claim-ticket claim-ticket--store" aria-labelledby="store-copy-title" data-copy="store">
          <h2 id="store-copy-title" className="claim-ticket__title">
            Store copy · bag tag
          </h2>
          <p className="claim-ticket__number claim-ticket__number--large">{ticket.ticket}</p>
          <dl className="claim-ticket__facts">
            <Fact label="Customer" value={ticket.name} />
            <Fact label="Phone" value={ticket.phone} />
            <Fact label="Item" value={ticket.item} />
            <Fact label="Condition" value={ticket.condition || "None noted"} />
            <Fact label="Dropped off" value={`${ticket.droppedOff}, by ${ticket.initials}`} />
            <Fact label="Promised for" value={ticket.promised} />
          </dl>
        </article>
      </div>
    </main>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
