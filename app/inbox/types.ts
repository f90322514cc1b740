// The shape of a lead as the staff pages receive it (epoch-ms timestamps),
// shared by the server code that reads them and the components that show them.
import type { LeadStatus } from "~/core/lead-statuses";

export interface LeadBase {
  id: number;
  name: string;
  phone: string;
  status: LeadStatus;
  /** epoch ms */
  createdAt: number;
  /** The version of the status; a save carries the one it started from (docs/decisions/106). */
  version: number;
}

export interface AppointmentLead extends LeadBase {
  kind: "appointment";
  /** Store-local calendar day, YYYY-MM-DD. */
  date: string;
  time: string;
  service: string;
  /** epoch ms of the visit */
  startsAt: number;
}

export interface OrderLead extends LeadBase {
  kind: "order";
  email: string;
  jewelryType: string;
  materialPreferences: string;
  diamondSelection: string;
  /** "Tell us about your piece", if the visitor wrote something. */
  pieceDescription: string | null;
  /** How many photos or sketches came with the order. */
  photoCount: number;
}

export interface ContactLead extends LeadBase {
  kind: "contact";
  email: string;
  message: string;
}

export type Lead = AppointmentLead | OrderLead | ContactLead;
export type LeadWithChange = Lead & {
  /** Who made the latest change of status (a staff e-mail or "the visitor"), and when (epoch ms); null before any. */
  updatedBy: string | null;
  updatedAt: number | null;
};

/** One photo of an order, as its record page lists it (the bytes are served by /dashboard/orders/:id/photos/:position). */
export interface OrderPhoto {
  position: number;
  fileName: string;
  contentType: string;
  size: number;
}

/** A lead as one inbox row shows it, with labels already in the store's time zone. */
export type InboxRow = Lead & {
  unread: boolean;
  createdAtLabel: string;
  /** Appointments only: the visit's day, e.g. "Sat, Nov 21, 2026". */
  dateLabel?: string;
  /** Appointments by visit time: the heading of the row's day, "Today", "Tomorrow" or its date. */
  dayHeading?: string;
};
