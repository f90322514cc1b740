import { Server, type Connection, type ConnectionContext } from "partyserver";
import { readStaffSession, SIGNED_OUT, SIGNED_OUT_CLOSE_CODE, type RecordEvent, type StaffSession } from "./protocol";

const userTag = (userId: number) => `user:${userId}`;

/** Tells the dashboard it was signed out, then closes its socket. */
function signOff(connection: Connection, reason: string) {
  try {
    connection.send(JSON.stringify(SIGNED_OUT));
  } catch {
    // already closing
  }
  connection.close(SIGNED_OUT_CLOSE_CODE, reason);
}
const sessionTag = (sessionId: string) => `session:${sessionId}`;

/**
 * One room for all signed-in staff. Each socket remembers whose session opened
 * it and until when, so only staff with a live session hear events: an expired
 * socket is closed instead of sent to, and signing out (one session or everywhere),
 * changing the password or being removed closes those sockets at once. Hibernation keeps idle
 * dashboards free of duration charges (socket state survives it).
 */
export class DashboardRoom extends Server<Env> {
  static override options = { hibernate: true };

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const session = readStaffSession(ctx.request);
    return session ? [userTag(session.userId), sessionTag(session.sessionId)] : [];
  }

  override onConnect(connection: Connection<StaffSession>, ctx: ConnectionContext): void {
    const session = readStaffSession(ctx.request);
    if (!session) {
      connection.close(SIGNED_OUT_CLOSE_CODE, "Not signed in");
      return;
    }
    connection.setState(session);
  }

  /** Called over RPC by route actions after a record is created or changed. */
  async announce(event: RecordEvent): Promise<void> {
    const message = JSON.stringify(event);
    const now = Date.now();
    for (const connection of this.getConnections<StaffSession>()) {
      if (!connection.state || connection.state.expiresAt <= now) {
        signOff(connection, "Session expired");
        continue;
      }
      connection.send(message);
    }
  }

  /** Called over RPC when an account's sessions are revoked. */
  async disconnectStaff(userId: number): Promise<void> {
    for (const connection of this.getConnections(userTag(userId))) signOff(connection, "Signed out");
  }

  /** Called over RPC when one session ends (sign-out, "end this session"). */
  async disconnectSession(sessionId: string): Promise<void> {
    for (const connection of this.getConnections(sessionTag(sessionId))) signOff(connection, "Signed out");
  }

  override onMessage(): void {
    // Dashboards only listen; anything they send is ignored.
  }
}
