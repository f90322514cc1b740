/** Only a real GA4 id ("G-XXXXXXX") ever reaches the page; anything else means "no analytics". */
export function parseMeasurementId(value: string | undefined): string {
  const id = (value ?? "").trim();
  return /^G-[A-Z0-9]{4,20}$/.test(id) ? id : "";
}

/** Written in by vite.config.ts from GA_MEASUREMENT_ID at build time; absent outside a build (unit tests). */
declare const __GA_MEASUREMENT_ID__: string | undefined;

/**
 * The store's GA4 id, a build-time setting (docs/decisions/138): content pages are static files, so the id is
 * fixed when they are built. Set GA_MEASUREMENT_ID in the build's environment or in `.env`; the build prints the
 * id it used. Empty: no page loads analytics.
 */
export const measurementId = parseMeasurementId(typeof __GA_MEASUREMENT_ID__ === "string" ? __GA_MEASUREMENT_ID__ : "");
