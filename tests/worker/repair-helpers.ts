import { expect } from "vitest";
import { addDays } from "../../app/core/slots";
import { storeDate } from "../../app/core/store-time";
import { postWithCookie } from "./dashboard-helpers";
import { rows } from "./lead-helpers";

// Repairs as staff log and change them, through the real routes.

export interface RepairRecord {
  id: number;
  ticket: string;
  status: string;
  version: number;
  phone: string;
  email: string | null;
  estimate_cents: number | null;
  promised_date: string;
  updated_by: string;
  ready_at: number | null;
  closed_at: number | null;
}

let phoneCounter = 0;
/** A number no other test texts (daily limits and opt-outs are per number). */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `(901) 7${String(10 + Math.floor(phoneCounter / 10_000) % 90)}-${String(phoneCounter % 10_000).padStart(4, "0")}`;
}

export const inDays = (days: number) => addDays(storeDate(), days);

export function repairFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    formId: crypto.randomUUID(),
    name: "Rita Ring",
    phone: uniquePhone(),
    item: "14k yellow gold ring",
    work: "Ring sizing",
    workDetail: "Size 6 to 7",
    estimate: "85.50",
    promisedDate: inDays(7),
    staffNote: "Small scratch on the band",
    ...overrides,
  };
}

/** Logs a repair through the New repair form and returns its row. */
export async function logRepair(cookie: string, overrides: Record<string, string> = {}) {
  const fields = repairFields(overrides);
  const response = await postWithCookie("/dashboard/repairs/new", fields, cookie);
  expect(response.status, await response.clone().text()).toBe(302);
  const [repair] = await rows<RepairRecord>("SELECT * FROM repairs WHERE form_id = ?", fields.formId);
  expect(repair).toBeDefined();
  return { response, fields, repair: repair! };
}

export async function repairRow(id: number): Promise<RepairRecord> {
  return (await rows<RepairRecord>("SELECT * FROM repairs WHERE id = ?", id))[0]!;
}

/** The status form of the repair's page, as it was loaded at `repair.version`. */
export function setStatus(cookie: string, repair: RepairRecord, status: string, overrides: Record<string, string> = {}) {
  return postWithCookie(
    `/dashboard/repairs/${repair.id}`,
    {
      status,
      version: String(repair.version),
      estimate: repair.estimate_cents === null ? "" : String(repair.estimate_cents / 100),
      promisedDate: repair.promised_date,
      shownPromisedDate: repair.promised_date,
      ...overrides,
    },
    cookie,
  );
}

export interface ReadyMessage {
  id: number;
  channel: string;
  status: string;
  recipient: string;
  text_body: string;
  next_attempt_at: number;
  last_error: string | null;
}

export function readyMessages(repairId: number): Promise<ReadyMessage[]> {
  return rows<ReadyMessage>(
    "SELECT id, channel, status, recipient, text_body, next_attempt_at, last_error FROM outbox WHERE kind = 'repair-ready' AND lead_kind IS NULL AND record_id = ? ORDER BY id",
    repairId,
  );
}
