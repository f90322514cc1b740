import type { ReactNode } from "react";
import type { Lead } from "~/inbox/types";
import { formatPhone, telHref } from "~/core/phone";
import { EmailLink } from "~/components/ui/web-address";

type DetailedLead = Lead & { createdAtLabel: string; dateLabel?: string; upcoming?: boolean; bookedEmail?: string | null };

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="record-details__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Everything the visitor sent, with phone and e-mail as links. */
export function RecordDetails({ lead }: { lead: DetailedLead }) {
  const phone = <a href={telHref(lead.phone)}>{formatPhone(lead.phone)}</a>;
  const email = "email" in lead ? <EmailLink address={lead.email} /> : null;
  return (
    <dl className="record-details">
      {lead.kind === "appointment" ? (
        <>
          <Item term="Name">{lead.name}</Item>
          <Item term="Phone">{phone}</Item>
          <Item term="Date">
            {lead.dateLabel} {lead.upcoming === undefined ? null : <span className="muted">({lead.upcoming ? "upcoming" : "past"})</span>}
          </Item>
          <Item term="Time">{lead.time}</Item>
          <Item term="Service">{lead.service}</Item>
          {lead.bookedEmail ? (
            <Item term="Email">
              <EmailLink address={lead.bookedEmail} />
            </Item>
          ) : null}
        </>
      ) : null}
      {lead.kind === "order" ? (
        <>
          <Item term="Customer Name">{lead.name}</Item>
          <Item term="Email">{email}</Item>
          <Item term="Phone">{phone}</Item>
          <Item term="Diamond Selection">{lead.diamondSelection}</Item>
          <Item term="Jewelry Type">{lead.jewelryType}</Item>
          <Item term="Material Preferences">{lead.materialPreferences}</Item>
          <Item term="About the Piece">
            {lead.pieceDescription ? <span className="record-details__message">{lead.pieceDescription}</span> : "—"}
          </Item>
        </>
      ) : null}
      {lead.kind === "contact" ? (
        <>
          <Item term="Name">{lead.name}</Item>
          <Item term="Email">{email}</Item>
          <Item term="Phone">{phone}</Item>
          <Item term="Message">
            <span className="record-details__message">{lead.message}</span>
          </Item>
        </>
      ) : null}
      <Item term={lead.kind === "appointment" ? "Booked" : "Received"}>{lead.createdAtLabel}</Item>
    </dl>
  );
}
