import { NEVER_CACHE } from "~/http/cache-policy";
import { createContext, data, type MiddlewareFunction } from "react-router";
import { getCloudflare } from "~/http/request-context";
import { requireStaffUser, type StaffUser } from "./session.server";

/** Set by requireStaff; it has no default, so reading it on an unguarded route throws instead of leaking. */
export const staffUserContext = createContext<StaffUser>();

/**
 * Route middleware for everything staff-only. It runs on the server for the
 * document request, React Router's data requests, actions, fetcher loads and
 * resource routes (the CSV export) alike, so no staff route can be reached
 * around it. Whatever it lets through is never cached and never indexed.
 */
export const requireStaff: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const { env } = getCloudflare(context);
  const user = await requireStaffUser(request, env, url);
  context.set(staffUserContext, user);
  const response = await next();
  response.headers.set("Cache-Control", NEVER_CACHE);
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  // A session in use keeps going: its cookie is renewed once an hour (docs/decisions/056).
  const setsSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith("staff_session="));
  if (user.renewedCookie && !setsSession) response.headers.append("Set-Cookie", user.renewedCookie);
  return response;
};

/**
 * Route middleware for the owner's pages, after requireStaff: staff are refused
 * by the server (403), whatever the menu shows; anonymous visitors never get
 * this far (requireStaff sends them to the login).
 */
export const requireOwner: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (context.get(staffUserContext).role !== "owner") {
    throw data("Only the store's owner can open this page.", { status: 403 });
  }
  return next();
};
