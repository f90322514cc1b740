import { data, Link } from "react-router";
import { parseRowId } from "~/core/row-id";
import type { Route } from "./+types/repair-ticket";
import { useHydrated } from "~/components/site/use-hydrated";
import { WebAddress } from "~/components/ui/web-address";
import { store, storeAddressLine } from "~/config/store";
import { getDb } from "~/db/client.server";
import { getCloudflare } from "~/http/request-context";
import { formatStoreDate } from "~/core/store-time";
import { repairQrSvg, repairStatusUrl } from "~/repairs/qr.server";
import { getRepair } from "~/repairs/repairs.server";
import { formatEstimate } from "~/repairs/rules";
import { repairHref, workLabel } from "~/repairs/view";

// The printable claim ticket (half letter, one page: the print rules in
// app/styles/repairs.css). The QR code opens /repair with the number filled in.

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
      <article className="claim-ticket" aria-labelledby="claim-ticket-title">
        <header className="claim-ticket__store">
          <p className="claim-ticket__store-name">{store.name}</p>
          <p>{storeAddressLine}</p>
          <p>{store.phone.display}</p>
        </header>
        <h1 id="claim-ticket-title" className="claim-ticket__title">
          Repair claim ticket
        </h1>
        <p className="claim-ticket__number" data-testid="claim-ticket-number">
          {ticket.ticket}
        </p>
        <dl className="claim-ticket__facts">
          <div>
            <dt>Item</dt>
            <dd>{ticket.item}</dd>
          </div>
          <div>
            <dt>Work</dt>
            <dd>{ticket.work}</dd>
          </div>
          <div>
            <dt>Estimate</dt>
            <dd>{ticket.estimate || "To be confirmed"}</dd>
          </div>
          <div>
            <dt>Promised for</dt>
            <dd>{ticket.promised}</dd>
          </div>
        </dl>
        <div className="claim-ticket__check">
          {/* Drawn by lean-qr on the server from our own URL: no user text goes into it. */}
          <div className="claim-ticket__qr" role="img" aria-label={`QR code: ${ticket.statusUrl}`} dangerouslySetInnerHTML={{ __html: ticket.qrSvg }} />
          <p>
            <strong>Check your repair</strong> at <WebAddress address={ticket.statusPage} /> with this number and the last 4 digits of your phone. Bring this ticket
            to pick it up.
          </p>
        </div>
        <p className="claim-ticket__hours">{store.hours.map((entry) => entry.label).join(" · ")}</p>
      </article>
    </main>
  );
}
