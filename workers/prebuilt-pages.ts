import { parseMeasurementId } from "../app/config/analytics";

// Content pages rendered by the build (scripts/prebuild-pages.mjs) and kept with
// its static assets, so a cache miss reads finished HTML instead of rendering it
// (docs/decisions/083). Each page was rendered for a placeholder origin; the
// request's origin is written in its place, because canonical links, Open Graph
// and the JSON-LD name the origin the site is served from.

const PREBUILT_FOLDER = "__pages";
const MANIFEST_PATH = `/${PREBUILT_FOLDER}/manifest.json`;

/** What scripts/prebuild-pages.mjs writes next to the pages. */
export interface PrebuiltManifest {
  buildVersion: string;
  /** The origin the pages were rendered for, to be replaced by the request's. */
  origin: string;
  /** What the HTML depends on besides the build: it is used only while these still hold. */
  gaMeasurementId: string;
  year: number;
  pages: Record<string, { asset: string; headers: Record<string, string> }>;
}

export interface PageSettings {
  buildVersion: string;
  gaMeasurementId: string;
  year: number;
}

/** The settings a page rendered now, by this build, would depend on. */
export function currentSettings(buildVersion: string, env: Pick<Env, "GA_MEASUREMENT_ID">, now = new Date()): PageSettings {
  return { buildVersion, gaMeasurementId: parseMeasurementId(env.GA_MEASUREMENT_ID), year: now.getUTCFullYear() };
}

/**
 * The prebuilt page for `pathname`, if the build made one and it is still what a
 * render would give: same build, same analytics id, same year (the footer's ©).
 */
export function prebuiltEntry(manifest: PrebuiltManifest | null, pathname: string, settings: PageSettings) {
  if (!manifest) return undefined;
  if (manifest.buildVersion !== settings.buildVersion) return undefined;
  if (manifest.gaMeasurementId !== settings.gaMeasurementId || manifest.year !== settings.year) return undefined;
  return Object.hasOwn(manifest.pages, pathname) ? manifest.pages[pathname] : undefined;
}

/**
 * An origin that may be written into the HTML as it is. A render escapes what it
 * writes; this does not, so a host with quotes or `&` (which URLs allow, and a
 * local server accepts) is rendered instead.
 */
const PLAIN_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/** The HTML as rendered for the placeholder origin, now naming `origin`; undefined if the origin is not plain. */
export function forOrigin(html: string, placeholder: string, origin: string): string | undefined {
  if (!PLAIN_ORIGIN.test(origin)) return undefined;
  // split/join, not replaceAll: a replacement string gives `$&` and `$'` a meaning.
  return html.split(placeholder).join(origin);
}

// One read per isolate: the assets belong to the deploy, so the manifest cannot change under it.
// A build without one (404) is remembered as such; a failed read is tried again by the next request.
let manifestRead: Promise<PrebuiltManifest | null> | undefined;

function readManifest(assets: Fetcher, origin: string): Promise<PrebuiltManifest | null> {
  manifestRead ??= assets
    .fetch(new Request(new URL(MANIFEST_PATH, origin)))
    .then(async (response) => {
      if (!response.ok) await response.body?.cancel();
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`answered ${response.status}`);
      return (await response.json()) as PrebuiltManifest;
    })
    .catch((error: unknown) => {
      console.error("prebuilt pages: the manifest could not be read", error);
      manifestRead = undefined;
      return null;
    });
  return manifestRead;
}

/** A content page's prebuilt HTML for this request's origin, or undefined: then it is rendered. */
export async function prebuiltPage(
  url: URL,
  env: Env,
  settings: PageSettings,
): Promise<{ body: string; headers: Record<string, string> } | undefined> {
  if (!env.ASSETS) return undefined;
  const manifest = await readManifest(env.ASSETS, url.origin);
  const entry = prebuiltEntry(manifest, url.pathname, settings);
  if (!manifest || !entry) return undefined;
  // A page that cannot be read is rendered, never a 500.
  try {
    const file = await env.ASSETS.fetch(new Request(new URL(entry.asset, url.origin)));
    if (!file.ok) {
      await file.body?.cancel();
      throw new Error(`${entry.asset} answered ${file.status}`);
    }
    const body = forOrigin(await file.text(), manifest.origin, url.origin);
    return body === undefined ? undefined : { body, headers: entry.headers };
  } catch (error) {
    console.error("prebuilt pages: a page could not be read", error);
    return undefined;
  }
}
