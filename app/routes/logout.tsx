import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroySessionCookie } from "~/lib/session.server";

// Sign-out is a POST (a link or prefetch must never sign anyone out).
export async function action({ request }: Route.ActionArgs) {
  return redirect("/login", { headers: { "Set-Cookie": await destroySessionCookie(request) } });
}

export async function loader() {
  return redirect("/dashboard");
}
