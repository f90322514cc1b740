import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { ORIGIN_CHECK_EXEMPT_PATHS, UPLOAD_ROUTES, uploadRouteFor } from "./post-policies";
import routes from "./routes";

// The Worker's request guards trust these declarations for paths they never name themselves:
// a path here that no route serves would leave the real route under the 64 KB cap, or checked
// for an Origin Twilio never sends.

/** Every URL path app/routes.ts serves, lower-cased as React Router matches them. */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    return [path.toLowerCase(), ...routePaths(entry.children ?? [], entry.path ? path : parent)];
  });
}

describe("what the app declares to the request guards", () => {
  const served = routePaths(routes);

  it("names only paths a route serves, for uploads and for the origin check's exemptions", () => {
    for (const path of [...Object.keys(UPLOAD_ROUTES), ...ORIGIN_CHECK_EXEMPT_PATHS]) {
      expect(served, path).toContain(path.toLowerCase());
    }
  });

  it("gives both of the order form's posts the same upload limit, and the repair desk's photo forms their own for 6 photos", () => {
    expect(Object.keys(UPLOAD_ROUTES).sort()).toEqual(["/dashboard/repairs/:id", "/dashboard/repairs/new", "/orderonline", "/orderonline/send"]);
    expect(UPLOAD_ROUTES["/orderonline"]).toBe(UPLOAD_ROUTES["/orderonline/send"]);
    expect(UPLOAD_ROUTES["/dashboard/repairs/new"]!.maxBytes).toBe(60 * 1024 * 1024 + 64 * 1024);
    expect(UPLOAD_ROUTES["/dashboard/repairs/:id"]).toBe(UPLOAD_ROUTES["/dashboard/repairs/new"]);
  });

  it("finds a post's upload route by its path, in any case, a `:param` standing for one segment, and as React Router posts it with JavaScript (.data)", () => {
    const repairPhotos = UPLOAD_ROUTES["/dashboard/repairs/new"];
    expect(uploadRouteFor("/orderOnline")).toBe(UPLOAD_ROUTES["/orderonline"]);
    expect(uploadRouteFor("/dashboard/repairs/new")).toBe(repairPhotos);
    expect(uploadRouteFor("/dashboard/repairs/new.data")).toBe(repairPhotos);
    expect(uploadRouteFor("/dashboard/repairs/42")).toBe(repairPhotos);
    expect(uploadRouteFor("/Dashboard/Repairs/42.data")).toBe(repairPhotos);
    for (const path of ["/dashboard/repairs", "/dashboard/repairs/", "/dashboard/repairs/42/ticket", "/dashboard/42", "/contact", "/contact.data", "/"]) {
      expect(uploadRouteFor(path), path).toBeUndefined();
    }
  });
});
