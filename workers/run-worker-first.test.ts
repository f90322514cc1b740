import { describe, expect, it } from "vitest";
import { NOINDEX_PAGES, PUBLIC_PAGES } from "~/config/navigation";
import { LEAD_KINDS, LEADS } from "~/core/lead-kinds";
import wranglerToml from "../wrangler.toml?raw";

// wrangler.toml lists the pages that go to the Worker without a Static Assets lookup
// first (docs/decisions/085). A page left out still works, only slower, so nothing
// else would notice: this keeps the list in step with the site's own.

/** The strings of `run_worker_first = [ ... ]`, comments and line breaks aside. */
function runWorkerFirst(toml: string): string[] {
  const list = /^run_worker_first\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1] ?? "";
  const withoutComments = list.replace(/#.*$/gm, "");
  return [...withoutComments.matchAll(/"([^"]*)"/g)].map((match) => match[1]!);
}

describe("run_worker_first in wrangler.toml", () => {
  const patterns = runWorkerFirst(wranglerToml);

  it("sends every public page and form page straight to the Worker", () => {
    const pages = [...PUBLIC_PAGES, ...NOINDEX_PAGES].map((page) => page.to).concat(LEAD_KINDS.map((kind) => LEADS[kind].formPath));
    for (const page of pages) expect(patterns, page).toContain(page);
  });

  it("keeps the build's own pages behind the Worker (docs/decisions/083)", () => {
    expect(patterns).toEqual(expect.arrayContaining(["/__pages", "/__pages/*"]));
  });

  it("sends no static file there: the folders the build's files live in are not listed", () => {
    for (const pattern of patterns) expect(pattern, pattern).not.toMatch(/^\/(assets|images|fonts)\b|^\/\*|^\/favicon/);
  });
});
