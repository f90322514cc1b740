import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/toaster";
import { consumeToast } from "~/lib/toast.server";
import "~/styles/app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await consumeToast(request, context);
  return data({ toast }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Toaster toast={loaderData.toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="container error-page">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We couldn't find that page."
          : "Please try again in a moment, or call the store."}
      </p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </main>
  );
}
