// The hostile searches (tests/worker/hostile/search.ts) against the inbox page,
// its data endpoint and the CSV export: never a server error, and a control
// character never hides a lead the same words would find without it.
import { beforeAll, describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS, label, searchCases } from "./hostile/search";
import { getWithCookie, rowsIn, seedContacts } from "./dashboard-helpers";
import { createStaff, signIn } from "./helpers";

const WORD = "ctrlfuzzquixote";
const NAME = "Ctrlfuzzquixote Lead";
let cookie = "";

beforeAll(async () => {
  cookie = await signIn(await createStaff());
  await seedContacts([{ name: NAME }, { name: "Someone Else Entirely" }]);
});

const search = (path: string, q: string) => getWithCookie(`${path}?tab=contacts&q=${encodeURIComponent(q)}`, cookie);

describe("hostile search: control characters", () => {
  it("covers all 65 control characters", () => {
    expect(CONTROL_CHARACTERS).toHaveLength(65);
    expect(CONTROL_CHARACTERS.every((character) => /^\p{Cc}$/u.test(character))).toBe(true);
  });

  for (const character of CONTROL_CHARACTERS) {
    it(`${label(character)} on the inbox page`, async () => {
      for (const testCase of searchCases(character)) {
        const response = await search("/dashboard", testCase.q(WORD));
        const html = await response.text();
        expect(response.status, `${testCase.name}: ${html.slice(0, 300)}`).toBe(200);
        const names = rowsIn(html).length;
        expect(html.includes(NAME), testCase.name).toBe(true);
        if (testCase.finds) expect(names, `${testCase.name}: only the lead searched for`).toBe(1);
        else expect(names, `${testCase.name}: an empty search lists every lead`).toBeGreaterThan(1);
      }
    });

    it(`${label(character)} through the data endpoint and the CSV export`, async () => {
      const q = searchCases(character)[0]!.q(WORD);
      const data = await search("/dashboard.data", q);
      const body = await data.text();
      expect(data.status, body.slice(0, 300)).toBe(200);
      expect(body).toContain(NAME);

      const csv = await search("/dashboard/export", q);
      const text = await csv.text();
      expect(csv.status, text.slice(0, 300)).toBe(200);
      expect(csv.headers.get("Content-Type")).toContain("text/csv");
      expect(text.trimEnd().split("\r\n")).toHaveLength(2);
      expect(text).toContain(NAME);
    });
  }
});
