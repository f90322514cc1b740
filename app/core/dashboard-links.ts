// Where staff open a lead or a photo in the dashboard: in the ground floor, so a
// staff e-mail (app/messaging/) can link to the record without importing the inbox.
import { LEADS, type LeadKind } from "./lead-kinds";
import { recordHref } from "./staff-lists";

export function leadHref(kind: LeadKind, id: number): `/${string}` {
  return recordHref(LEADS[kind].list, id);
}

/** Where staff open one photo of an order (a guarded resource route). */
export function orderPhotoHref(orderId: number, position: number): string {
  return `${leadHref("order", orderId)}/photos/${position}`;
}

/** Where a clerk books a caller (issue 40). */
export const NEW_APPOINTMENT_PATH = "/dashboard/appointments/new";

/** Where staff move or cancel an appointment for the customer. */
export function appointmentChangeHref(id: number, change: "move" | "cancel"): `/${string}` {
  return `/dashboard/appointments/${id}/${change}`;
}

/**
 * A record page after one of its forms saved, at that form: without JavaScript the browser opens the page there
 * and its "Saved" shows (`SavedMark`, the fragment's target), where the page used to open at its top, the form
 * out of view (issue 43).
 */
export function savedHref(recordPath: string, form: "status" | "note"): string {
  return `${recordPath}#saved-${form}`;
}
