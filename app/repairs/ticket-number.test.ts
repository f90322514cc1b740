import { describe, expect, it, vi } from "vitest";
import { isTicketNumber, newTicketNumber, readTicketNumber, TICKET_ALPHABET } from "./ticket-number";

/** A seeded source of bytes (mulberry32), so the statistical checks below see the same draws on every run. */
function seededBytes(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) & 0xff;
  };
  return (count: number) => Uint8Array.from({ length: count }, next);
}

const characters = (ticket: string) => ticket.replace(/-/g, "").slice(1);

describe("repair ticket numbers", () => {
  it("look like R-7K3M-9Q, from an alphabet without I, L, O or U", () => {
    // Whatever the bytes: every value of each byte is tried.
    for (let byte = 0; byte < 256; byte++) {
      const ticket = newTicketNumber((count) => new Uint8Array(count).fill(byte));
      expect(ticket).toMatch(/^R-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
      expect(ticket.slice(2)).not.toMatch(/[ILOU]/);
      expect(isTicketNumber(ticket)).toBe(true);
    }
  });

  it("spend five bits of each of six bytes from the platform's CSPRNG, one character each", () => {
    const draw = vi.spyOn(crypto, "getRandomValues");
    try {
      expect(isTicketNumber(newTicketNumber())).toBe(true);
      expect(draw).toHaveBeenCalledTimes(1);
      expect((draw.mock.calls[0]![0] as Uint8Array).length).toBe(6);
    } finally {
      draw.mockRestore();
    }
    expect(newTicketNumber(() => Uint8Array.from([0, 31, 32, 33, 255, 100]))).toBe("R-0Z01-Z4");
  });

  it("follow no sequence and use the whole alphabet evenly (10,000 seeded draws)", () => {
    const bytes = seededBytes(20261128);
    const tickets = Array.from({ length: 10_000 }, () => newTicketNumber(bytes));

    // As numbers in base 32, consecutive tickets are not a step apart: the differences are spread, not constant.
    const value = (ticket: string) => [...characters(ticket)].reduce((sum, c) => sum * 32 + TICKET_ALPHABET.indexOf(c), 0);
    const steps = tickets.slice(1).map((ticket, i) => value(ticket) - value(tickets[i]!));
    expect(new Set(steps).size).toBeGreaterThan(9_900);
    const ascending = steps.filter((step) => step > 0).length;
    expect(ascending).toBeGreaterThan(4_500);
    expect(ascending).toBeLessThan(5_500);

    // Every character position uses the whole alphabet about evenly (10,000 / 32 ≈ 312 each).
    for (let position = 0; position < 6; position++) {
      const counts = new Map<string, number>();
      for (const ticket of tickets) {
        const c = characters(ticket)[position]!;
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
