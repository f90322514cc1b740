import { Server } from "partyserver";
import type { LeadCreatedEvent } from "../app/lib/live-events";

/**
 * One room for all signed-in staff. The Worker checks the staff cookie before a
 * socket reaches this class (workers/app.ts), so every connection here is staff.
 * Hibernation keeps idle dashboards free of duration charges.
 */
export class DashboardRoom extends Server<Env> {
  static override options = { hibernate: true };

  /** Called over RPC by route actions after a record is committed. */
  async announce(event: LeadCreatedEvent): Promise<void> {
    this.broadcast(JSON.stringify(event));
  }

  override onMessage(): void {
    // Dashboards only listen; anything they send is ignored.
  }
}
