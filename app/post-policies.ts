import { LEADS } from "~/core/lead-kinds";
import { TWILIO_WEBHOOK_PATHS } from "~/messaging/twilio-paths";
import { ORDER_FORM_MAX_BYTES, PHOTO_MESSAGES, photoFormMaxBytes, REPAIR_PHOTOS } from "~/photos/rules";
import { REPAIRS_PATH } from "~/repairs/view";

// What the app declares about the posts its routes take, for the Worker's request guards
// (workers/request-guards.ts), so the Worker knows no route by name. It sits beside
// app/routes.ts, on the floor that may read every folder the facts come from.

/** A route that takes files: its multipart limit, and the words of the 413. */
export interface UploadRoute {
  maxBytes: number;
  tooLarge: string;
}

const orderForm: UploadRoute = { maxBytes: ORDER_FORM_MAX_BYTES, tooLarge: PHOTO_MESSAGES.requestTooLarge };

const repairPhotos: UploadRoute = { maxBytes: photoFormMaxBytes(REPAIR_PHOTOS), tooLarge: REPAIR_PHOTOS.tooLarge };

/**
 * The routes that take files, by their path in app/routes.ts, lower-case (React Router matches paths
 * case-insensitively); a `:param` stands for one segment. The custom order form posts to its page without
 * JavaScript and to /orderOnline/send with it (for upload progress). The New repair form takes up to 6 intake
 * photos, and a repair's page its completion photos (staff only: the staff guard runs before either action
 * reads a byte). Every other body is capped at 64 KB.
 */
export const UPLOAD_ROUTES: Readonly<Record<string, UploadRoute>> = {
  [LEADS.order.formPath.toLowerCase()]: orderForm,
  [`${LEADS.order.formPath}/send`.toLowerCase()]: orderForm,
  [`${REPAIRS_PATH}/new`.toLowerCase()]: repairPhotos,
  [`${REPAIRS_PATH}/:id`.toLowerCase()]: repairPhotos,
};

const UPLOAD_PATTERNS = Object.entries(UPLOAD_ROUTES).map(([path, route]) => ({ segments: path.split("/"), route }));

/**
 * The upload route a post to this URL path is for, if any. With JavaScript, React Router posts a page's form to
 * the page's path plus ".data" (single fetch): the same route, so the same limit.
 */
export function uploadRouteFor(pathname: string): UploadRoute | undefined {
  const segments = pathname.toLowerCase().replace(/\.data$/, "").split("/");
  return UPLOAD_PATTERNS.find(
    (pattern) =>
      pattern.segments.length === segments.length &&
      pattern.segments.every((segment, at) => (segment.startsWith(":") ? segments[at] !== "" : segment === segments[at])),
  )?.route;
}

/**
 * The paths whose posts carry no Origin and are let through the origin check: Twilio's
 * webhooks, whose handlers check Twilio's signature instead (docs/decisions/068 and 082).
 */
export const ORIGIN_CHECK_EXEMPT_PATHS: ReadonlySet<string> = TWILIO_WEBHOOK_PATHS;
