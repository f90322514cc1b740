import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createStaff, ORIGIN, signIn } from "./helpers";
import { freeWeekday, issueToken, postLead } from "./lead-helpers";

// Every new lead is pushed to open dashboards, as the foundation does for messages.
describe("live push of new leads", () => {
  it("announces a new appointment and a new order to the dashboard room, and a resubmission not again", async () => {
    const cookie = await signIn(await createStaff());
    const response = await SELF.fetch(`${ORIGIN}/parties/dashboard-room/staff`, {
      headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: cookie },
    });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const events: { list: string; id: number }[] = [];
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(String(event.data)) as { type?: string; list: string; id: number };
      if (data.type === "record-created") events.push(data);
    });

    const booking = await postLead("/book", "appointment", {
      name: "Live Booking",
      phone: "901-555-0190",
      service: "Repair",
      date: freeWeekday(),
      time: "4:00 PM",
    });
    expect(booking.status).toBe(302);
    const orderFields = {
      name: "Live Order",
      phone: "901-555-0191",
      email: "live@example.com",
      jewelryType: "Custom Charm",
      materialPreferences: "Silver",
      diamondSelection: "Moissanite",
    };
    const token = await issueToken("order");
    expect((await postLead("/orderOnline", "order", { ...orderFields, submissionToken: token })).status).toBe(302);
    expect((await postLead("/orderOnline", "order", { ...orderFields, submissionToken: token })).status).toBe(302);

    await expect.poll(() => events.map((event) => event.list).sort(), { timeout: 5_000 }).toEqual(["appointments", "orders"]);
    // Give a duplicate announcement time to show up if there were one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.filter((event) => event.list === "orders")).toHaveLength(1);
    socket.close();
  });
});
