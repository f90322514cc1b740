import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import displayFont from "~/assets/fonts/cormorant-garamond-core-600.woff2?url";
import bodyFont from "~/assets/fonts/inter-core-wght-400-700.woff2?url";
import type { Route } from "./+types/root";
import { Analytics, usePageViews } from "~/components/site/analytics";
import { DevReload } from "~/components/site/dev-reload";
import { useEarlyInputReplay } from "~/components/site/early-input";
import { StoreJsonLd } from "~/components/site/structured-data";
import { Toaster } from "~/components/ui/toaster";
import { measurementId } from "~/config/analytics";
import { store } from "~/config/store";
import { pageAllowsAnalytics } from "~/http/page-analytics";
import { useNonceAttribute } from "~/http/nonce";
import { pageHydrates } from "~/http/page-scripts";
import { pageStyles } from "~/http/page-styles";
import { consumeToast } from "~/http/toast.server";
import appStylesheet from "~/styles/app.css?url";
import staffStylesheet from "~/styles/staff.css?url";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await consumeToast(request, context);
  return data(
    {
      toast,
    },
    { headers },
  );
}

// Both fonts' core files are preloaded; their "extra" files load only where a page
// needs them (docs/decisions/078). Content pages ship no JavaScript (docs/decisions/070), so
// the page paints sooner and nothing else competes for the connection: without the
// body font's preload it arrived after the first paint, and its swap shifted text
// (CLS 0.07 on /services). See docs/decisions/012. Not in `npm run dev`: there React
// Router's hydration swaps the head's links before the fonts are first used, so the
// browser fetched them again and warned that both preloads went unused.
const fontPreloads: ReturnType<Route.LinksFunction> = [
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: bodyFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [] : fontPreloads),
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/images/apple-touch-icon.png" },
];

// Pages without their own meta (e.g. an error) still get a sensible title.
export function meta() {
  return [{ title: `${store.name} | ${store.tagline}` }, { name: "description", content: store.description }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Content pages ship no JavaScript (docs/decisions/070): without <Scripts/> there
  // is no modulepreload, no hydration and no inline script; links are plain navigations.
  const matches = useMatches();
  const hydrate = pageHydrates(matches);
  const stylesheet = pageStyles(matches) === "staff" ? staffStylesheet : appStylesheet;
  // Staff pages, invitations and manage links load no analytics (docs/decisions/099).
  const pageMeasurementId = pageAllowsAnalytics(matches) ? measurementId : "";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        {/* React hoists a stylesheet with a precedence to the top of <head>, ahead of the script preloads. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        {/* In dev, React Router adds a critical-CSS <link> that takes this nonce. */}
        <Links nonce={useNonceAttribute()} />
        <StoreJsonLd />
        {pageMeasurementId ? <Analytics measurementId={pageMeasurementId} /> : null}
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : import.meta.env.DEV ? (
          <DevReload />
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Runs only where React hydrates: the page views of client-side route changes.
  const matches = useMatches();
  usePageViews(Boolean(measurementId) && pageAllowsAnalytics(matches));
  useEarlyInputReplay();
  return (
    <>
      <Toaster toast={loaderData.toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refusal we wrote ourselves (a 4xx with words, e.g. the honeypot's) says what happened;
  // pages without JavaScript have no other way to show it.
  const refusal = isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" ? error.data : null;
  return (
    <main className="container error-page">
      <p className="eyebrow">{store.name}</p>
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We couldn't find that page."
          : (refusal ?? `Please try again in a moment, or call the store at ${store.phone.display}.`)}
      </p>
      <p>
        <a className="button button--primary" href="/">Back to the home page</a>
      </p>
    </main>
  );
}
