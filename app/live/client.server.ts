import { getServerByName } from "partyserver";
import { DASHBOARD_ROOM_NAME, type LeadCreatedEvent } from "./events";

/** Tells every open dashboard about a committed record. Never throws: the record is already safe. */
export async function announceLead(env: Env, event: Omit<LeadCreatedEvent, "type">): Promise<void> {
  try {
    const room = await getServerByName(env.DashboardRoom, DASHBOARD_ROOM_NAME);
    await room.announce({ type: "lead-created", ...event });
  } catch (error) {
    console.error("dashboard room broadcast failed", error);
  }
}
