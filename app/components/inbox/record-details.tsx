import type { ReactNode } from "react";
import type { Lead } from "~/inbox/types";
import { formatPhone, telHref } from "~/core/phone";
import { EmailLink } from "~/components/ui/web-address";
import { ORDER_CHOICES } from "~/leads/rules/order";

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
          {/* In the form's order, its three choices read from the form's own list. */}
          <Item term="Customer Name">{lead.name}</Item>
          <Item term="Phone">{phone}</Item>
          <Item term="Email">{email}</Item>
          {ORDER_CHOICES.map((choice) => (
            <Item key={choice.select} term={choice.label}>
              {lead[choice.select]}
            </Item>
          ))}
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
