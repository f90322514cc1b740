import type { Route } from "./+types/order-photo";
import { staffUserContext } from "~/auth/guard.server";
import { getCloudflare } from "~/http/request-context";
import { notFound } from "~/inbox/record.server";
import { photoResponse } from "~/photos/storage.server";

// GET /dashboard/orders/:id/photos/:position : one photo of an order, for staff
// only. A resource route under the staff layout, so the guard runs first (an
// anonymous request gets the same answer as any staff page) and the answer is
// never cached. The bytes stream from R2 with the type read from them when they
// were stored, inline, under the safe name made then.
export async function loader({ params, context }: Route.LoaderArgs) {
  context.get(staffUserContext); // throws if the guard did not run
  const orderId = Number(params.id);
  const position = Number(params.position);
  if (!/^\d{1,15}$/.test(params.id) || !/^[1-9]$/.test(params.position) || !Number.isSafeInteger(orderId)) notFound();
  return (await photoResponse(getCloudflare(context).env, orderId, position)) ?? notFound();
}
