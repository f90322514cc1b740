import type { MiddlewareHandler } from "hono";
import { store } from "../app/config/store";

// Production is the configured origin (store.siteOrigin) when it is https: a
// plain-http request for its host is sent to https before anything else runs,
// and every answer for that host carries HSTS (security-headers.ts). Other hosts
// (local development, tests) are left alone. Cloudflare's "Always Use HTTPS"
// zone setting does the same at the edge; this keeps it true without it
// (README, "Deploy to Cloudflare"; docs/decisions/052).

const site = new URL(store.siteOrigin);

/** The request is for the production site: the configured origin is https and this is its host. */
export function isProductionHost(url: URL): boolean {
  return site.protocol === "https:" && url.host === site.host;
}

export function httpsOnly(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.protocol === "http:" && isProductionHost(url)) {
      url.protocol = "https:";
      // 308 keeps a post a post (with its body), where 301 would turn it into a GET.
      const method = c.req.method;
      return c.redirect(url.toString(), method === "GET" || method === "HEAD" ? 301 : 308);
    }
    await next();
  };
}
