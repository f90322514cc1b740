// Where staff open a lead in the dashboard: in the ground floor, so a staff
// e-mail (app/messaging/) can link to the record without importing the inbox.
import { LEADS, type LeadKind } from "./lead-kinds";

export function recordHref(kind: LeadKind, id: number): `/${string}` {
  return `/dashboard/${LEADS[kind].inbox}/${id}`;
}

/**
 * The Repairs tab's name, as a lead kind's is `LEADS[kind].inbox`: its address (/dashboard/repairs), its unread
 * mark in inbox_seen, and the inbox its room events travel under.
 */
export const REPAIRS_INBOX = "repairs";

/** Where staff open one photo of an order (a guarded resource route). */
export function orderPhotoHref(orderId: number, position: number): string {
  return `${recordHref("order", orderId)}/photos/${position}`;
}
