import type { Route } from "./+types/hours";
import { BlockedTimes, SpecialDays, VisitsToMove } from "~/components/hours/hours-editor";
import { hoursAction, hoursPage } from "~/dashboard/hours-page.server";

// The Hours page (decision 139): staff read it, the owner edits it.

export function meta() {
  return [{ title: "Hours | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return hoursPage(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return hoursAction(context, request);
}

export default function HoursPage({ loaderData, actionData }: Route.ComponentProps) {
  const { isOwner, today } = loaderData;
  return (
    <main className="staff-page container hours">
      <h1>Hours</h1>
      <p>
        Weekly hours: <strong>{loaderData.weekly}</strong>. They change rarely and are set in the site's configuration.
      </p>
      {isOwner ? null : <p className="muted">Only the owner changes special days and blocked times.</p>}
      <VisitsToMove visits={loaderData.toMove} isOwner={isOwner} refusal={actionData} />
      <SpecialDays days={loaderData.specialDays} isOwner={isOwner} today={today} refusal={actionData} />
      <BlockedTimes blocks={loaderData.blockedTimes} isOwner={isOwner} today={today} refusal={actionData} />
    </main>
  );
}
