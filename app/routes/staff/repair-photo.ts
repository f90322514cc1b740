import type { Route } from "./+types/repair-photo";
import { staffUserContext } from "~/auth/guard.server";
import { getCloudflare } from "~/http/request-context";
import { notFound } from "~/inbox/record.server";
import { repairPhotoResponse } from "~/photos/storage.server";

// GET /dashboard/repairs/:id/photos/:photoId : one intake or completion photo of a repair, for staff only,
// as an order's photo is served (app/routes/staff/order-photo.ts): behind the staff guard, never cached.
export async function loader({ params, context }: Route.LoaderArgs) {
  context.get(staffUserContext); // throws if the guard did not run
  const repairId = Number(params.id);
  const photoId = Number(params.photoId);
  if (!/^\d{1,15}$/.test(params.id) || !/^\d{1,15}$/.test(params.photoId) || !Number.isSafeInteger(repairId) || !Number.isSafeInteger(photoId)) notFound();
  return (await repairPhotoResponse(getCloudflare(context).env, repairId, photoId)) ?? notFound();
}
