import { z } from "zod";
import { shortName, textPreview } from "~/core/customer-text";
import { STAFF_LISTS, staffListNamed, type StaffList } from "~/core/staff-lists";

// Push notifications to staff devices (docs/decisions/145): which endpoints a
// subscription may name, the words of a push, and the form a device posts when
// it turns push on. Pure: the browser and the Worker read the same.

/**
 * The push services browsers subscribe with, by host (a host or any subdomain of it): Google's (Chrome, Android,
 * Samsung Internet, Opera), Apple's (Safari on iPhone, iPad and Mac), Mozilla's (Firefox) and Microsoft's (Edge).
 * A subscription naming any other host is refused, so the Worker never posts to an address a client chose.
 */
export const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "push.apple.com", "push.services.mozilla.com", "notify.windows.com"] as const;

export const PUSH_MESSAGES = {
  notHttps: "This push address must start with https://.",
  unknownService: "This push address is not one of a known push service (Google, Apple, Mozilla or Microsoft).",
  badEndpoint: "This push address is not a web address.",
  badKeys: "The browser's push keys are missing or malformed. Turn notifications off and on again.",
  noLists: "Choose at least one list to be notified of.",
} as const;

/** Why an endpoint is refused, or null when it is an https URL at a known push service. */
export function endpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_MESSAGES.badEndpoint;
  }
  if (url.protocol !== "https:") return PUSH_MESSAGES.notHttps;
  const host = url.hostname.toLowerCase();
  const known = PUSH_SERVICE_HOSTS.some((service) => host === service || host.endsWith(`.${service}`));
  // A port or credentials in the URL are not how any push service names a browser.
  if (!known || url.port !== "" || url.username !== "" || url.password !== "") return PUSH_MESSAGES.unknownService;
  return null;
}

/** base64url of exactly `bytes` bytes (unpadded, as PushSubscription.toJSON() gives the keys). */
const base64UrlOf = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`);

/** The lists ticked in a form (checkboxes named `lists`), as names the registry knows. */
const listsField = z
  .array(z.string())
  .default([])
  .transform((names) => STAFF_LISTS.filter((list) => names.includes(list)))
  .refine((lists) => lists.length > 0, PUSH_MESSAGES.noLists);

/** What the account page posts when this device turns push on: its subscription and the lists it wants. */
export const PushSubscribeSchema = z.object({
  endpoint: z
    .string({ error: PUSH_MESSAGES.badEndpoint })
    .max(1024, PUSH_MESSAGES.badEndpoint)
    .superRefine((endpoint, context) => {
      const problem = endpointProblem(endpoint);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  // An uncompressed P-256 point (65 bytes) and a 16-byte secret (RFC 8291, section 3).
  p256dh: z.string({ error: PUSH_MESSAGES.badKeys }).regex(base64UrlOf(65), PUSH_MESSAGES.badKeys),
  auth: z.string({ error: PUSH_MESSAGES.badKeys }).regex(base64UrlOf(16), PUSH_MESSAGES.badKeys),
  lists: listsField,
});

/** A device's lists changed from the account page. */
export const PushListsSchema = z.object({ subscriptionId: z.coerce.number().int().positive(), lists: listsField });

/** The lists stored on a subscription, without any name the registry no longer knows. */
export function storedLists(lists: readonly unknown[]): StaffList[] {
  return lists.map(staffListNamed).filter((list): list is StaffList => list !== null);
}

/** Preview length: a notification shows two lines or so; more is cut at a word with an ellipsis. */
export const PREVIEW_CHARACTERS = 120;

/** What one push says and opens. */
export interface StaffPush {
  /** The list whose subscribers are told (a device gets it when it chose this list). */
  list: StaffList;
  /** The record's page, a path on this site ("/dashboard/appointments/12"): tapping the notification opens it. */
  path: `/${string}`;
  /** What happened, as the title begins: "New appointment", "Text", "Estimate approved". */
  kind: string;
  /** The customer's name as stored, or their number; the push shows a name short (shortName). */
  name: string;
  /** What they wrote or asked for; the push shows one short line of it (textPreview). */
  preview: string;
}

/** The notification the service worker shows: "New appointment from Maya T." over the preview. */
export function pushNotification(push: StaffPush): { title: string; body: string; path: string; tag: string } {
  return {
    title: `${push.kind} from ${shortName(push.name) ?? "a customer"}`,
    body: textPreview(push.preview, PREVIEW_CHARACTERS),
    path: push.path,
    // One notification per record: a second push about it replaces the first instead of piling up.
    tag: push.path,
  };
}
