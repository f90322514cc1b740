import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { routePartykitRequest } from "partyserver";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { getStaffUser } from "../app/auth/session.server";
import { requestContext } from "../app/http/request-context";
import { DASHBOARD_PARTY, DASHBOARD_ROOM_NAME } from "../app/live/events";
import { STAFF_SESSION_HEADER, staffSessionHeader } from "../party/dashboard-room";
import { canonicalPath } from "./canonical-path";
import { stampedForm, stampedFormPage } from "./form-page-stamp";
import { httpsOnly } from "./https-only";
import { cachedPage } from "./page-cache";
import { drainUnreadBody, isSameOrigin, refusalFor, requestGuards } from "./request-guards";
import { handleScheduled } from "./scheduled";
import { securityHeaders } from "./security-headers";
import { speculationRules } from "./speculation-rules";
import type { WorkerEnv } from "./worker-env";

export { DashboardRoom } from "../party/dashboard-room";

// Given the build itself, React Router derives its route tables once per isolate.
// Given a function that imports it (the templates' form), it derives them again on
// every request: about a tenth of a page render's CPU (decision 080).
const handleRequest = createRequestHandler(serverBuild, import.meta.env.MODE);

const app = new Hono<WorkerEnv>();

// Every answer below, including refusals and errors, leaves with the security headers.
app.use(securityHeaders());
// Before any middleware that may answer without reading a post's body (decision 045).
app.use(drainUnreadBody());
app.use(httpsOnly());
app.use(canonicalPath());
app.use(requestGuards());
app.use(speculationRules());
app.onError((error) => {
  if (error instanceof HTTPException) return refusalFor(error);
  console.error(error);
  return new Response("Something went wrong.", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
});

app.all("/parties/*", async (c) => {
  const url = new URL(c.req.url);
  if (url.pathname !== `/parties/${DASHBOARD_PARTY}/${DASHBOARD_ROOM_NAME}`) return c.notFound();
  // Only signed-in staff, from this site, may listen to the room.
  if (!isSameOrigin(c.req.raw)) return c.text("Forbidden", 403);
  const staff = await getStaffUser(c.req.raw, c.env);
  if (!staff) return c.text("Unauthorized", 401);
  // The room trusts only this header, set here (over anything the browser sent) after the cookie was verified.
  const headers = new Headers(c.req.raw.headers);
  headers.set(STAFF_SESSION_HEADER, staffSessionHeader({ userId: staff.id, expiresAt: staff.sessionExpiresAt, sessionId: staff.sessionId }));
  return (await routePartykitRequest(new Request(c.req.raw, { headers }), c.env)) ?? c.notFound();
});

app.all("*", (c) => {
  const ctx = c.executionCtx as ExecutionContext;
  const render = (nonce: string) => {
    const context = new RouterContextProvider();
    context.set(requestContext, { env: c.env, ctx, nonce });
    return handleRequest(c.req.raw, context);
  };
  // Form pages: one render per isolate, stamped per visit (workers/form-page-stamp.ts).
  const form = stampedForm(c.req.raw);
  if (form) return stampedFormPage(c.req.raw, c.env, form, c.get("nonce"), render);
  // Content pages come from the page cache when they can (workers/page-cache.ts).
  return cachedPage(c.req.raw, c.env, ctx, () => render(c.get("nonce")));
});

// fetch serves every request; scheduled is the Cron Trigger (staff e-mail retries, retention clean-up).
export default { fetch: app.fetch, scheduled: handleScheduled } satisfies ExportedHandler<Env>;
