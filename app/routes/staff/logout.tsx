import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroySessionCookie, endCurrentSession } from "~/auth/session.server";
import { getCloudflare } from "~/http/request-context";
import { disconnectSession } from "~/live/client.server";
import { redirectWithToast } from "~/http/toast.server";

// Sign-out is a POST (a link or prefetch must never sign anyone out); the
// Worker's request guard already refused posts from other sites. It ends this
// session on the server, so the old cookie opens nothing any more, and closes
// this session's live connections.
export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const ended = await endCurrentSession(request, env);
  if (ended) ctx.waitUntil(disconnectSession(env, ended.sessionId));
  return redirectWithToast(
    context,
    "/login",
    { type: "success", message: "You are signed out." },
    { headers: { "Set-Cookie": await destroySessionCookie(request) } },
  );
}

export async function loader() {
  return redirect("/dashboard");
}
