import { createContext, type MiddlewareFunction } from "react-router";
import { getCloudflare } from "./cloudflare";
import { requireStaffUser, type StaffUser } from "./session.server";

export const staffUserContext = createContext<StaffUser>();

/**
 * Route middleware for everything staff-only. It runs on the server for the
 * document request, React Router's data requests and actions alike, so no
 * staff route can be reached around it.
 */
export const requireStaff: MiddlewareFunction<Response> = async ({ request, context, url }) => {
  const { env } = getCloudflare(context);
  const user = await requireStaffUser(request, env, url);
  context.set(staffUserContext, user);
};
