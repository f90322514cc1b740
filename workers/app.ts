import { Hono } from "hono/tiny";
import { HTTPException } from "hono/http-exception";
import { routePartykitRequest } from "partyserver";
import { ROOM_PATH, STAFF_SESSION_HEADER, staffSessionHeader } from "../party/protocol";
import { canonicalPath } from "./canonical-path";
import { stampedForm, stampedFormPage } from "./form-page-stamp";
import { httpsOnly } from "./https-only";
import { drainUnreadBody, isSameOrigin, refusalFor, requestGuards } from "./request-guards";
import { securityHeaders } from "./security-headers";
import { speculationRules } from "./speculation-rules";
import type { WorkerEnv } from "./worker-env";

export { DashboardRoom } from "../party/room";

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
  if (url.pathname !== ROOM_PATH) return c.notFound();
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
  // React Router and the server build load at the first request that renders (workers/render.ts).
  const render = async (nonce: string) => (await import("./render")).renderWithReactRouter(c.req.raw, c.env, ctx, nonce);
  // Form pages: one render per isolate, stamped per visit (workers/form-page-stamp.ts).
  const form = stampedForm(c.req.raw);
  if (form) return stampedFormPage(c.req.raw, c.env, form, c.get("nonce"), render);
  // Content pages are static files Static Assets answer (docs/decisions/138); they reach here only
  // under `npm run dev` and for the build's prerender.
  return render(c.get("nonce"));
});

// fetch serves every request; scheduled is the Cron Trigger (staff e-mail retries, retention clean-up).
// The cron's code (the outbox's senders, retention, the photo sweep) loads when a trigger first fires.
export default {
  fetch: app.fetch,
  scheduled: async (controller, env, ctx) => (await import("./scheduled")).handleScheduled(controller, env, ctx),
} satisfies ExportedHandler<Env>;
