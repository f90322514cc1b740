import { describe, expect, it } from "vitest";
import { get } from "./helpers";

// Speculation Rules (docs/decisions/072): every HTML page names the rules file
// in its Speculation-Rules header; the file prerenders same-origin pages on
// hover or touch and never anything with side effects or for staff.

type Predicate = { href_matches?: string | string[]; not?: Predicate; and?: Predicate[]; selector_matches?: string };
interface Rule {
  source: string;
  where: Predicate;
  eagerness: string;
}

/** The URL patterns a rule excludes (its `not: { href_matches }` parts). */
function excluded(rule: Rule): string[] {
  return (rule.where.and ?? []).flatMap((part) => [part.not?.href_matches ?? []].flat());
}

describe("Speculation Rules", () => {
  it("every HTML page the Worker answers names the rules file (static pages get it from _headers)", async () => {
    for (const path of ["/", "/services", "/contactus", "/no-such-page", "/login"]) {
      const response = await get(path);
      expect(response.headers.get("Speculation-Rules"), path).toBe('"/speculation-rules.json"');
    }
  });

  it("other answers do not", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/speculation-rules.json"]) {
      expect((await get(path)).headers.get("Speculation-Rules"), path).toBeNull();
    }
  });

  it("the rules file is served as speculation rules, with the security headers", async () => {
    const response = await get("/speculation-rules.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/speculationrules+json");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
    const rules = (await response.json()) as { prerender: Rule[]; prefetch: Rule[] };

    const [prerender] = rules.prerender;
    expect(rules.prerender).toHaveLength(1);
    expect(prerender!.eagerness).toBe("moderate");
    expect(prerender!.where.and?.[0]).toEqual({ href_matches: "/*" });
    // Nothing with side effects, nothing for staff, no per-visitor form is prerendered.
    expect(excluded(prerender!)).toEqual(
      expect.arrayContaining(["/logout", "/logout?*", "/login", "/dashboard", "/dashboard/*", "/parties/*", "/contactus", "/orderOnline", "/book"]),
    );

    // Form pages are only fetched ahead, with the same moderate eagerness.
    expect(rules.prefetch).toHaveLength(1);
    expect(rules.prefetch[0]!.eagerness).toBe("moderate");
    const fetchedAhead = (rules.prefetch[0]!.where.and ?? []).flatMap((part) => [part.href_matches ?? []].flat());
    expect(fetchedAhead.sort()).toEqual(["/book", "/contactus", "/orderOnline"]);
  });
});
