import { describe, expect, it } from "vitest";
import { leadCreated, leadUpdated, repairCreated, repairUpdated } from "~/live/events";
import { newRecordElsewhere } from "./announcements";

// The room's messages as they travel: JSON text.
const wire = (event: object) => JSON.stringify(event);
const newRepair = wire(repairCreated({ id: 5, createdAt: new Date(0) }));
const changedRepair = wire(repairUpdated(5));
const newMessage = wire(leadCreated("contact", { id: 9, createdAt: new Date(0) }));
const newOrder = wire(leadCreated("order", { id: 10, createdAt: new Date(0) }));
const changedAppointment = wire(leadUpdated("appointment", 11));

describe("a new record on the other list's tabs", () => {
  it("is said on an inbox when a repair is logged, and on the Repairs tab when a lead arrives", () => {
    expect(newRecordElsewhere(newRepair, "inbox")).toBe("New repair logged.");
    expect(newRecordElsewhere(newMessage, "repairs")).toBe("New contact message received.");
    expect(newRecordElsewhere(newOrder, "repairs")).toBe("New order received.");
  });

  it("leaves a list's own records to the list", () => {
    expect(newRecordElsewhere(newMessage, "inbox")).toBeNull();
    expect(newRecordElsewhere(newRepair, "repairs")).toBeNull();
  });

  it("says nothing of a changed record elsewhere, which moves no badge, or of a message that is not the room's", () => {
    expect(newRecordElsewhere(changedRepair, "inbox")).toBeNull();
    expect(newRecordElsewhere(changedAppointment, "repairs")).toBeNull();
    expect(newRecordElsewhere("not json", "inbox")).toBeNull();
    expect(newRecordElsewhere(JSON.stringify({ type: "signed-out" }), "repairs")).toBeNull();
  });
});
