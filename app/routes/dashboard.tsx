import { useRef, useState } from "react";
import { Form, useRevalidator } from "react-router";
import usePartySocket from "partysocket/react";
import type { Route } from "./+types/dashboard";
import { getCloudflare } from "~/lib/cloudflare";
import { DASHBOARD_PARTY, DASHBOARD_ROOM_NAME, parseLiveEvent } from "~/lib/live-events";
import { requireStaff, staffUserContext } from "~/lib/staff-guard.server";
import { listContactMessages } from "./dashboard.server";

export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export function meta() {
  return [{ title: "Dashboard | Bartlett Fine Jewelry" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const user = context.get(staffUserContext);
  return { user, contacts: await listContactMessages(env) };
}

const dateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Chicago",
  dateStyle: "medium",
  timeStyle: "short",
});

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [live, setLive] = useState<"connecting" | "connected" | "reconnecting">("connecting");
  const hasConnected = useRef(false);
  usePartySocket({
    party: DASHBOARD_PARTY,
    room: DASHBOARD_ROOM_NAME,
    onOpen() {
      // After a lost connection, catch up on whatever arrived meanwhile.
      if (hasConnected.current) void revalidator.revalidate();
      hasConnected.current = true;
      setLive("connected");
    },
    onClose() {
      setLive("reconnecting");
    },
    onMessage(event) {
      if (parseLiveEvent(event.data)) void revalidator.revalidate();
    },
  });

  return (
    <main className="dashboard container">
      <header className="dashboard__header">
        <h1>Dashboard</h1>
        <p>Signed in as {loaderData.user.email}</p>
        <p className="live-status" data-live={live}>
          {live === "connected" ? "Live updates on" : live === "connecting" ? "Connecting…" : "Reconnecting…"}
        </p>
        <Form method="post" action="/logout">
          <button type="submit" className="button button--secondary">Sign out</button>
        </Form>
      </header>
      <h2>Contacts</h2>
      {loaderData.contacts.length === 0 ? (
        <p>No contacts found.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Date &amp; Time</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.contacts.map((row) => (
                <tr key={row.id} data-testid="contact-row">
                  <td>{dateTime.format(row.createdAt)}</td>
                  <td>{row.name}</td>
                  <td><a href={`mailto:${row.email}`}>{row.email}</a></td>
                  <td><a href={`tel:${row.phoneNumber}`}>{row.phoneNumber}</a></td>
                  <td className="data-table__message">{row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
