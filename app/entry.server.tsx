import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { getCloudflare } from "~/http/request-context";
import { NonceContext } from "~/http/nonce";
import { pageScripts, STATIC_DOCUMENT_HEADER } from "~/http/page-scripts";
import { schedulePageScripts } from "~/http/page-scripts.server";
import { renderStaticDocument } from "~/http/static-document.server";

// React Router's default Workers entry, plus the Content-Security-Policy nonce
// the Worker made for this response (workers/security-headers.ts announces it
// in the header): given to every script React Router renders and to the app
// through NonceContext.

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page that runs no script (docs/decisions/070) renders without a nonce, so its
  // HTML is the same for every visitor; the Worker gives it a policy without one.
  const scripts = pageScripts(routerContext.staticHandlerContext.matches.map((match) => match.route));
  const hydrate = scripts !== "none";
  const nonce = hydrate ? getCloudflare(loadContext).nonce : "";
  if (!hydrate) responseHeaders.set(STATIC_DOCUMENT_HEADER, "1");

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const page = (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
    </NonceContext.Provider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  const staticHtml = hydrate ? null : renderStaticDocument(page);
  if (staticHtml !== null) return new Response(staticHtml, { headers: responseHeaders, status: responseStatusCode });

  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const body = await renderToReadableStream(page, {
    nonce: nonce || undefined,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors in the shell reject and are logged by React Router; log only later ones.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;

  // Crawlers (and SPA mode) get the whole document at once; so does a page without
  // scripts that could not be rendered in one pass: it could not fill in a streamed
  // boundary, and may be cached whole.
  if (!hydrate || (userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }

  const response = new Response(body, { headers: responseHeaders, status: responseStatusCode });
  return scripts === "none" ? response : schedulePageScripts(response, scripts, nonce);
}
