import { getServerByName } from "partyserver";
import type { LeadKind } from "~/core/lead-kinds";
import { DASHBOARD_ROOM_NAME, leadCreated, leadUpdated, repairCreated, repairUpdated, type LiveEvent } from "./events";

// The only way the rest of the app talks to the room: RPC on its one instance.
// No call ever throws; what they report on is already committed.

function dashboardRoom(env: Env) {
  return getServerByName(env.DashboardRoom, DASHBOARD_ROOM_NAME);
}

async function announce(env: Env, event: LiveEvent): Promise<void> {
  try {
    await (await dashboardRoom(env)).announce(event);
  } catch (error) {
    console.error("dashboard room broadcast failed", error);
  }
}

/** Tells every open dashboard about a committed lead. */
export function announceLead(env: Env, kind: LeadKind, lead: { id: number; createdAt: Date }): Promise<void> {
  return announce(env, leadCreated(kind, lead));
}

/** Tells every open dashboard that a committed change touched a record (its status, time or history). */
export function announceLeadChange(env: Env, kind: LeadKind, id: number): Promise<void> {
  return announce(env, leadUpdated(kind, id));
}

/** Tells every open Repairs tab and repair page that a repair was logged or changed. */
export function announceRepair(env: Env, repair: { id: number; createdAt: Date }, change: "created" | "updated"): Promise<void> {
  return announce(env, change === "created" ? repairCreated(repair) : repairUpdated(repair.id));
}

/** Closes the live connections of an account whose sessions were just revoked. */
export async function disconnectStaff(env: Env, userId: number): Promise<void> {
  try {
    await (await dashboardRoom(env)).disconnectStaff(userId);
  } catch (error) {
    console.error("could not close live connections", error);
  }
}

/** Closes the live connections of one session that just ended. */
export async function disconnectSession(env: Env, sessionId: string): Promise<void> {
  try {
    await (await dashboardRoom(env)).disconnectSession(sessionId);
  } catch (error) {
    console.error("could not close live connections", error);
  }
}
