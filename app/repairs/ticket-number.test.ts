import { describe, expect, it } from "vitest";
import { isTicketNumber, newTicketNumber, readTicketNumber, TICKET_ALPHABET } from "./ticket-number";

describe("repair ticket numbers", () => {
  it("look like R-7K3M-9Q, from an alphabet without I, L, O or U", () => {
    for (let i = 0; i < 200; i++) {
      const ticket = newTicketNumber();
      expect(ticket).toMatch(/^R-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
      expect(ticket.slice(2)).not.toMatch(/[ILOU]/);
      expect(isTicketNumber(ticket)).toBe(true);
    }
  });

  it("do not repeat in 10,000 and follow no sequence", () => {
    const tickets = Array.from({ length: 10_000 }, () => newTicketNumber());
    expect(new Set(tickets).size).toBe(tickets.length);

    // As numbers in base 32, consecutive tickets are not a step apart: the differences are spread, not constant.
    const value = (ticket: string) => [...ticket.replace(/-/g, "").slice(1)].reduce((sum, c) => sum * 32 + TICKET_ALPHABET.indexOf(c), 0);
    const steps = tickets.slice(1).map((ticket, i) => value(ticket) - value(tickets[i]!));
    expect(new Set(steps).size).toBeGreaterThan(9_900);
    const ascending = steps.filter((step) => step > 0).length;
    expect(ascending).toBeGreaterThan(4_500);
    expect(ascending).toBeLessThan(5_500);

    // Every character position uses the whole alphabet about evenly (10,000 / 32 ≈ 312 each).
    for (let position = 0; position < 6; position++) {
      const counts = new Map<string, number>();
      for (const ticket of tickets) {
        const c = ticket.replace(/-/g, "").slice(1)[position]!;
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
      expect(counts.size).toBe(32);
      for (const n of counts.values()) expect(n).toBeGreaterThan(200);
    }
  });

  it("are read back however a customer types them", () => {
    expect(readTicketNumber("R-7K3M-9Q")).toBe("R-7K3M-9Q");
    expect(readTicketNumber(" r 7k3m 9q ")).toBe("R-7K3M-9Q");
    expect(readTicketNumber("R7K3M9Q")).toBe("R-7K3M-9Q");
    expect(readTicketNumber("7K3M-9Q")).toBe("R-7K3M-9Q");
    expect(readTicketNumber("R-7K3M-9O")).toBe("R-7K3M-90");
    expect(readTicketNumber("R-IK3M-LQ")).toBe("R-1K3M-1Q");
  });

  it("refuse what cannot be a ticket", () => {
    for (const typed of ["", "R-", "R-7K3M-9", "R-7K3M-9QQ", "R-7K3U-9Q", "R-7K3M-9Q'--", "x".repeat(1000), "R-７K3M-9Q"]) {
      expect(readTicketNumber(typed), typed).toBeNull();
    }
  });
});
