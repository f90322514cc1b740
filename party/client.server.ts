import { getServerByName } from "partyserver";
import type { LeadKind } from "../app/core/lead-kinds";
import { LEADS } from "../app/core/lead-kinds";
import type { StaffList } from "../app/core/staff-lists";
import { DASHBOARD_ROOM_NAME, recordCreated, recordUpdated, type RecordEvent } from "./protocol";

// The server's one way to talk to the room: RPC on its one instance. No call
// ever throws; what they report on is already committed.

function dashboardRoom(env: Env) {
  return getServerByName(env.DashboardRoom, DASHBOARD_ROOM_NAME);
}

async function announce(env: Env, event: RecordEvent): Promise<void> {
  try {
    await (await dashboardRoom(env)).announce(event);
  } catch (error) {
    console.error("dashboard room broadcast failed", error);
  }
}

/** Tells every open dashboard that a record landed in a staff list. */
export function announceRecord(env: Env, list: StaffList, record: { id: number; createdAt: Date }): Promise<void> {
  return announce(env, recordCreated(list, record));
}

/** Tells every open dashboard that a committed change touched a record (its status, time or history). */
export function announceRecordChange(env: Env, list: StaffList, id: number): Promise<void> {
  return announce(env, recordUpdated(list, id));
}

/** A new lead, in its kind's list. */
export function announceLead(env: Env, kind: LeadKind, lead: { id: number; createdAt: Date }): Promise<void> {
  return announceRecord(env, LEADS[kind].list, lead);
}

/** A change to a lead, in its kind's list. */
export function announceLeadChange(env: Env, kind: LeadKind, id: number): Promise<void> {
  return announceRecordChange(env, LEADS[kind].list, id);
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
