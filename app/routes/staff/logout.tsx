import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { recordAudit } from "~/audit/log.server";
import { destroySessionCookie, endSession, getStaffUser } from "~/auth/session.server";
import { getCloudflare } from "~/http/request-context";
import { disconnectSession } from "../../../party/client.server";
import { redirectWithToast } from "~/http/toast.server";

// Sign-out is a POST (a link or prefetch must never sign anyone out); the
// Worker's request guard already refused posts from other sites. It ends this
// session on the server, so the old cookie opens nothing any more, and closes
// this session's live connections.
export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const user = await getStaffUser(request, env);
  if (user) {
    await endSession(env, user.id, user.sessionId);
    ctx.waitUntil(disconnectSession(env, user.sessionId));
    await recordAudit(env, request, user, "sign-out");
  }
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
