import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroySessionCookie } from "~/auth/session.server";
import { redirectWithToast } from "~/http/toast.server";

// Sign-out is a POST (a link or prefetch must never sign anyone out); the
// Worker's request guard already refused posts from other sites.
export async function action({ request, context }: Route.ActionArgs) {
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
