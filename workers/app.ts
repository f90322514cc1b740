import { Hono } from "hono";
import { routePartykitRequest } from "partyserver";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "../app/http/request-context";
import { handleScheduled } from "./scheduled";
import { DASHBOARD_PARTY, DASHBOARD_ROOM_NAME } from "../app/live/events";
import { getStaffUser } from "../app/auth/session.server";
import { STAFF_SESSION_HEADER, staffSessionHeader } from "../app/live/room.server";
import { canonicalPath } from "./canonical-path";
import { guardRequest, isSameOrigin } from "./request-guards";
import { securityHeaders } from "./security-headers";

export { DashboardRoom } from "../app/live/room.server";

// Built once per isolate, not per request.
const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const app = new Hono<{ Bindings: Env }>();

// Every answer below, including refusals and errors, leaves with the security headers.
app.use(securityHeaders());
app.use(canonicalPath());

app.all("/parties/*", async (c) => {
  const url = new URL(c.req.url);
  if (url.pathname !== `/parties/${DASHBOARD_PARTY}/${DASHBOARD_ROOM_NAME}`) return c.notFound();
  // Only signed-in staff, from this site, may listen to the room.
  if (!isSameOrigin(c.req.raw)) return c.text("Forbidden", 403);
  const staff = await getStaffUser(c.req.raw, c.env);
  if (!staff) return c.text("Unauthorized", 401);
  // The room trusts only this header, set here (over anything the browser sent) after the cookie was verified.
  const headers = new Headers(c.req.raw.headers);
  headers.set(STAFF_SESSION_HEADER, staffSessionHeader({ userId: staff.id, expiresAt: staff.sessionExpiresAt }));
  return (await routePartykitRequest(new Request(c.req.raw, { headers }), c.env)) ?? c.notFound();
});

app.all("*", async (c) => {
  const request = await guardRequest(c.req.raw);
  if (request instanceof Response) return request;
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: c.env, ctx: c.executionCtx as ExecutionContext });
  return handleRequest(request, context);
});

// fetch serves every request; scheduled is the Cron Trigger (staff e-mail retries, retention clean-up).
export default { fetch: app.fetch, scheduled: handleScheduled } satisfies ExportedHandler<Env>;
