import { describe, expect, it } from "vitest";
import { endpointProblem, previewOf, PUSH_MESSAGES, pushNotification, shortName } from "./push-rules";

describe("push subscription endpoints", () => {
  it("accepts the push services browsers use", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dAPT0abc:APA91b",
      "https://web.push.apple.com/QGuQyavXutnMnyVMCHeR",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD",
    ]) {
      expect(endpointProblem(endpoint), endpoint).toBeNull();
    }
  });

  it("refuses an endpoint that is not https", () => {
    expect(endpointProblem("http://fcm.googleapis.com/fcm/send/x")).toBe(PUSH_MESSAGES.notHttps);
  });

  it("refuses another host, a look-alike, a port or credentials", () => {
    for (const endpoint of [
      "https://push.example.com/send/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://evilfcm.googleapis.com.example/x",
      "https://notpush.apple.com.example/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://user:pass@fcm.googleapis.com/fcm/send/x",
      "https://localhost/x",
    ]) {
      expect(endpointProblem(endpoint), endpoint).toBe(PUSH_MESSAGES.unknownService);
    }
    expect(endpointProblem("not a url")).toBe(PUSH_MESSAGES.badEndpoint);
  });
});

describe("what a push says", () => {
  it("names the customer by first name and last initial", () => {
    expect(shortName("Maya Thompson")).toBe("Maya T.");
    expect(shortName("  maya   de la cruz ")).toBe("maya C.");
    expect(shortName("Cher")).toBe("Cher");
    expect(shortName("")).toBe("a customer");
  });

  it("keeps the preview to one short line", () => {
    expect(previewOf("Can I come\nat 3 instead?")).toBe("Can I come at 3 instead?");
    const long = previewOf("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith("word…")).toBe(true);
  });

  it("titles the kind and the name over the preview, and opens the record", () => {
    expect(
      pushNotification({ list: "appointments", path: "/dashboard/appointments/7", kind: "New appointment", name: "Maya Thompson", preview: "Ring sizing" }),
    ).toEqual({ title: "New appointment from Maya T.", body: "Ring sizing", path: "/dashboard/appointments/7", tag: "/dashboard/appointments/7" });
  });
});
