import { describe, expect, it } from "vitest";
import { MAX_SEARCH_LENGTH } from "~/core/search-term";
import { planTextSearch } from "./search";

describe("the Texts list's search", () => {
  it("looks for each word once, in the text and, written like part of a number, in the sender's digits", () => {
    expect(planTextSearch("(901) 555-0177 ring ring 100%")).toEqual({
      words: [
        { word: "(901)", digits: "901" },
        { word: "555-0177", digits: "5550177" },
        { word: "ring", digits: null },
        { word: "100%", digits: null },
      ],
    });
    // A word of only a number's marks looks in the text alone: no digits would match every number.
    expect(planTextSearch("-")).toEqual({ words: [{ word: "-", digits: null }] });
    expect(planTextSearch("")).toEqual({ words: [] });
  });

  it("takes as many characters as the field, and refuses more rather than cut the words", () => {
    expect(planTextSearch("x".repeat(MAX_SEARCH_LENGTH))).toEqual({ words: [{ word: "x".repeat(MAX_SEARCH_LENGTH), digits: null }] });
    expect(planTextSearch("x".repeat(MAX_SEARCH_LENGTH + 1))).toEqual({ error: `Type at most ${MAX_SEARCH_LENGTH} characters.` });
  });
});
