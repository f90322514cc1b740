import { describe, expect, it } from "vitest";
import { eventLine, newestFirst, type TimelineEntry } from "./timeline";

const line = (at: number, title: string, seq?: number): TimelineEntry => ({ at, kind: "note", title, seq });

describe("newestFirst", () => {
  it("merges every source into one list, newest first", () => {
    const notes = [line(300, "note at 300"), line(100, "note at 100")];
    const messages = [line(200, "text at 200"), line(400, "text at 400")];
    expect(newestFirst(notes, messages).map((entry) => entry.title)).toEqual(["text at 400", "note at 300", "text at 200", "note at 100"]);
  });

  it("orders lines of one millisecond by their row ids within a source, and a later source's above", () => {
    expect(newestFirst([line(5, "first", 1), line(5, "second", 2)]).map((entry) => entry.title)).toEqual(["second", "first"]);
    expect(newestFirst([line(5, "logged", 9)], [line(5, "intake note", 1)]).map((entry) => entry.title)).toEqual(["intake note", "logged"]);
  });
});

describe("eventLine", () => {
  it("reads a status change as its line, with who made it", () => {
    expect(eventLine({ id: 1, kind: "status-changed", detail: "Contacted", actor: "ann@example.com", at: 9 })).toEqual({
      at: 9,
      kind: "status",
      title: "Status set to Contacted",
      by: "ann@example.com",
      seq: 1,
    });
  });

  it("still shows a kind this code does not know, by its detail", () => {
    expect(eventLine({ id: 2, kind: "estimate-approved", detail: "Estimate approved", actor: "bo@example.com", at: 9 }).title).toBe("Estimate approved");
  });
});
