import { describe, expect, it } from "vitest";
import { sentTextNote, settledOutcome } from "./sms-delivery";

describe("settledOutcome", () => {
  it("settles on delivered (or read) and on undelivered or failed, and waits through the steps before", () => {
    expect(["delivered", "read"].map(settledOutcome)).toEqual(["delivered", "delivered"]);
    expect(["undelivered", "failed"].map(settledOutcome)).toEqual(["undelivered", "undelivered"]);
    expect(["accepted", "queued", "sending", "sent", "scheduled", "canceled"].map(settledOutcome)).toEqual([null, null, null, null, null, null]);
  });
});

describe("sentTextNote", () => {
  it("says Sent until the carrier reports, then Delivered", () => {
    expect(sentTextNote(null, null)).toBe("Sent");
    expect(sentTextNote("delivered", null)).toBe("Delivered");
  });

  it("says why a text did not arrive, in words for the common codes", () => {
    expect(sentTextNote("undelivered", 30006)).toBe("Not delivered: a landline, or a number that cannot get texts");
    expect(sentTextNote("undelivered", 30003)).toBe("Not delivered: the phone was off or out of reach");
    expect(sentTextNote("undelivered", 30410)).toBe("Not delivered: Twilio error 30410");
    expect(sentTextNote("undelivered", null)).toBe("Not delivered: the carrier did not say why");
  });
});
