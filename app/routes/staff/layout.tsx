import { Outlet, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/layout";
import { StaffHeader } from "~/components/dashboard/staff-header";
import { requireStaff, staffUserContext } from "~/auth/guard.server";
import { NO_ANALYTICS } from "~/http/page-analytics";
import { HYDRATE } from "~/http/page-scripts";
import { STAFF_STYLES } from "~/http/page-styles";

// Every staff page sits under this layout, so the guard runs before any of
// their loaders, actions or resource routes (see app/auth/guard.server.ts).
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

// The staff area runs React in the browser (docs/decisions/070), with its own stylesheet (081)
// and no analytics: its URLs carry searches and names (099).
export const handle = { ...HYDRATE, ...STAFF_STYLES, ...NO_ANALYTICS };

// The dashboard's web app manifest (docs/decisions/145): added to a home screen, it opens as an app and can get
// push notifications (an iPhone needs that). Only staff pages name it; the public pages stay as they are.
export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/dashboard.webmanifest" }];

export function loader({ context }: Route.LoaderArgs) {
  const { email, role } = context.get(staffUserContext);
  return { email, isOwner: role === "owner" };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="staff">
      <a className="skip-link" href="#staff-main">
        Skip to content
      </a>
      <StaffHeader email={loaderData.email} isOwner={loaderData.isOwner} />
      <div id="staff-main" className="staff__main" tabIndex={-1}>
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 404
      ? ["Not found", "That record or page does not exist."]
      : status === 403
        ? ["Not allowed", "Only the store's owner can open this page."]
        : ["Something went wrong", "Please reload the page in a moment."];
  return (
    <main className="staff-page container">
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a href="/dashboard">Back to the inbox</a>
      </p>
    </main>
  );
}
