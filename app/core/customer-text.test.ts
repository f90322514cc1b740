import { describe, expect, it } from "vitest";
import { shortName, textPreview, visibleText } from "./customer-text";

describe("visibleText", () => {
  it("names control characters by their code point and keeps tabs and line breaks", () => {
    expect(visibleText("a\u0007b\u0000c\u007f")).toBe("a[U+0007]b[U+0000]c[U+007F]");
    expect(visibleText("one\ttwo\r\nthree")).toBe("one\ttwo\r\nthree");
  });

  it("names direction overrides, which would reorder what follows them", () => {
    expect(visibleText("pay \u202Eyalp")).toBe("pay [U+202E]yalp");
    expect(visibleText("x\u0085y")).toBe("x[U+0085]y");
  });

  it("leaves ordinary text, accents and emoji alone", () => {
    expect(visibleText("Can I come at 3? Merci, Zoë 💍")).toBe("Can I come at 3? Merci, Zoë 💍");
  });
});

describe("textPreview", () => {
  it("keeps a short text whole, on one line", () => {
    expect(textPreview("Can I come\nat 3 instead?")).toBe("Can I come at 3 instead?");
  });

  it("cuts a long text at a word, with an ellipsis", () => {
    const preview = textPreview("word ".repeat(400), 40);
    expect(preview.length).toBeLessThanOrEqual(40);
    expect(preview.endsWith("word…")).toBe(true);
  });
});

describe("shortName", () => {
  it("gives the first name and the last name's initial", () => {
    expect(shortName("Maya Thompson")).toBe("Maya T.");
    expect(shortName("  maya  de la cruz ")).toBe("maya C.");
    expect(shortName("Cher")).toBe("Cher");
    expect(shortName("(901) 555-0142")).toBe("(901) 555-0142");
    expect(shortName("")).toBeNull();
    expect(shortName(null)).toBeNull();
  });
});
