import { describe, expect, it } from "vitest";
import { followStored, sameText, startShown } from "./kept-words";

const v1 = { version: 1, fields: { status: "received", estimate: "85", staffNote: "Scratch on the band." } };
// A colleague saved: a new status and note, the same estimate.
const v2 = { version: 2, fields: { status: "in_progress", estimate: "85", staffNote: "Needs a new shank." } };

describe("a form over a versioned record, when the stored record changes", () => {
  it("moves to the newer version when the clerk has edited nothing", () => {
    expect(followStored(startShown(v1), v2, { ...v1.fields })).toEqual({ version: 2, fields: v2.fields, followed: 2, refresh: [] });
  });

  it("moves to the newer version after the clerk's own save, whose words are what is stored now", () => {
    const saved = { version: 2, fields: { ...v1.fields, staffNote: "Scratch on the band.\nNeeds a new shank." } };
    // The textarea holds CRLF line breaks; the stored note came back with LF.
    expect(followStored(startShown(v1), saved, { ...v1.fields, staffNote: "Scratch on the band.\r\nNeeds a new shank." })).toEqual(startShown(saved));
  });

  it("keeps the fields the clerk edited, refreshes the others, and still names the version the clerk started from", () => {
    const next = followStored(startShown(v1), v2, { ...v1.fields, staffNote: "Customer called." });
    expect(next).toEqual({
      version: 1,
      fields: { status: "in_progress", estimate: "85", staffNote: "Scratch on the band." },
      followed: 2,
      refresh: ["status"],
    });
    // A later change, while the note is still the clerk's: the note stays theirs, the rest follows.
    const v3 = { version: 3, fields: { status: "ready", estimate: "95", staffNote: "Shank replaced." } };
    expect(followStored(next, v3, { status: "in_progress", estimate: "85", staffNote: "Customer called." })).toEqual({
      version: 1,
      fields: { status: "ready", estimate: "95", staffNote: "Scratch on the band." },
      followed: 3,
      refresh: ["status", "estimate"],
    });
  });

  it("reads an emptied field as edited", () => {
    expect(followStored(startShown(v1), v2, { ...v1.fields, staffNote: "" })).toMatchObject({ version: 1, refresh: ["status"] });
  });
});

describe("comparing a field with a stored value", () => {
  it("ignores CRLF against LF and reads an empty field as empty text", () => {
    expect(sameText("a\r\nb", "a\nb")).toBe(true);
    expect(sameText(undefined, "")).toBe(true);
    expect(sameText("a", "b")).toBe(false);
  });
});
