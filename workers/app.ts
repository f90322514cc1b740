import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { routePartykitRequest } from "partyserver";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestContext } from "../app/http/request-context";
import { DASHBOARD_PARTY, DASHBOARD_ROOM_NAME } from "../app/live/events";
import { STAFF_SESSION_HEADER, staffSessionHeader } from "../party/dashboard-room";
import { canonicalPath } from "./canonical-path";
import { stampedForm, stampedFormPage } from "./form-page-stamp";
import { httpsOnly } from "./https-only";
import { cachedPage } from "./page-cache";
import { drainUnreadBody, isSameOrigin, refusalFor, requestGuards } from "./request-guards";
import { securityHeaders } from "./security-headers";
import { speculationRules } from "./speculation-rules";
import type { WorkerEnv } from "./worker-env";

export { DashboardRoom } from "../party/dashboard-room";

// The server build (every route, React's server renderer) loads at the first request that
// needs it, not when the isolate starts: a request the middleware answers, the room, and
// the cron never evaluate it (docs/decisions/118). It is then handed to React Router as
// the build itself, so React Router derives its route tables once per isolate; given a
// function that imports it, it would derive them again on every request (decision 080).
// The dev server keeps that function form: there an edit replaces the build between requests.
type RequestHandler = ReturnType<typeof createRequestHandler>;
const importServerBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
let handlerReady: Promise<RequestHandler> | undefined;
function requestHandler(): Promise<RequestHandler> {
  if (import.meta.env.DEV) return Promise.resolve(createRequestHandler(importServerBuild, import.meta.env.MODE));
  handlerReady ??= importServerBuild().then(
    (build) => createRequestHandler(build, import.meta.env.MODE),
    (error: unknown) => {
      handlerReady = undefined;
      throw error;
    },
  );
  return handlerReady;
}

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
  const { getStaffUser } = await import("../app/auth/session.server");
  const staff = await getStaffUser(c.req.raw, c.env);
  if (!staff) return c.text("Unauthorized", 401);
  // The room trusts only this header, set here (over anything the browser sent) after the cookie was verified.
  const headers = new Headers(c.req.raw.headers);
  headers.set(STAFF_SESSION_HEADER, staffSessionHeader({ userId: staff.id, expiresAt: staff.sessionExpiresAt, sessionId: staff.sessionId }));
  return (await routePartykitRequest(new Request(c.req.raw, { headers }), c.env)) ?? c.notFound();
});

app.all("*", (c) => {
  const ctx = c.executionCtx as ExecutionContext;
  const render = async (nonce: string) => {
    const context = new RouterContextProvider();
    context.set(requestContext, { env: c.env, ctx, nonce });
    return (await requestHandler())(c.req.raw, context);
  };
  // Form pages: one render per isolate, stamped per visit (workers/form-page-stamp.ts).
  const form = stampedForm(c.req.raw);
  if (form) return stampedFormPage(c.req.raw, c.env, form, c.get("nonce"), render);
  // Content pages come from the page cache when they can (workers/page-cache.ts).
  return cachedPage(c.req.raw, c.env, ctx, () => render(c.get("nonce")));
});

// fetch serves every request; scheduled is the Cron Trigger (staff e-mail retries, retention clean-up).
// The cron's code (the outbox's senders, retention, the photo sweep) loads when a trigger first fires.
export default {
  fetch: app.fetch,
  scheduled: async (controller, env, ctx) => (await import("./scheduled")).handleScheduled(controller, env, ctx),
} satisfies ExportedHandler<Env>;
