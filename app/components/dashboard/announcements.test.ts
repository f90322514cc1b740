import { describe, expect, it } from "vitest";
import { parseRoomMessage, recordCreated, recordUpdated, SIGNED_OUT } from "../../../party/protocol";
import { isChangeTo, listAnnouncement } from "./announcements";

// The room's messages as they travel (JSON text), read as the browser reads them.
const received = (message: object) => parseRoomMessage(JSON.stringify(message));
const newRepair = received(recordCreated("repairs", { id: 5, createdAt: new Date(0) }));
const changedRepair = received(recordUpdated("repairs", 5));
const newMessage = received(recordCreated("contacts", { id: 9, createdAt: new Date(0) }));
const newOrder = received(recordCreated("orders", { id: 10, createdAt: new Date(0) }));
const changedAppointment = received(recordUpdated("appointments", 11));

describe("what an open list says of a room message", () => {
  it("says a new record on any list, its own or another tab's (every badge shows on every list)", () => {
    expect(listAnnouncement(newRepair, "contacts")).toBe("New repair logged.");
    expect(listAnnouncement(newMessage, "repairs")).toBe("New contact message received.");
    expect(listAnnouncement(newOrder, "repairs")).toBe("New order received.");
    expect(listAnnouncement(newMessage, "contacts")).toBe("New contact message received.");
    expect(listAnnouncement(newRepair, "repairs")).toBe("New repair logged.");
  });

  it("says a changed record only on its own list, where it shows", () => {
    expect(listAnnouncement(changedRepair, "repairs")).toBe("Repair updated.");
    expect(listAnnouncement(changedAppointment, "appointments")).toBe("Appointment updated.");
    expect(listAnnouncement(changedRepair, "contacts")).toBeNull();
    expect(listAnnouncement(changedAppointment, "repairs")).toBeNull();
  });

  it("says nothing of a message that is not the room's, or of being signed out", () => {
    expect(listAnnouncement(parseRoomMessage("not json"), "contacts")).toBeNull();
    expect(listAnnouncement(parseRoomMessage(JSON.stringify({ type: "record-created", list: "gifts", id: 1, createdAt: 0 })), "repairs")).toBeNull();
    expect(listAnnouncement(received(SIGNED_OUT), "repairs")).toBeNull();
  });

  it("tells a record's open page a change to it, and only to it", () => {
    expect(isChangeTo(changedRepair, "repairs", 5)).toBe(true);
    expect(isChangeTo(changedRepair, "repairs", 6)).toBe(false);
    expect(isChangeTo(changedAppointment, "orders", 11)).toBe(false);
    expect(isChangeTo(newRepair, "repairs", 5)).toBe(false);
  });
});
