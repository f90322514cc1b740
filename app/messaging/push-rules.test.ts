import { describe, expect, it } from "vitest";
import { endpointProblem, PUSH_MESSAGES, pushNotification } from "./push-rules";

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
  it("names the customer by first name and last initial, a number as it is, and keeps the preview to one short line", () => {
    const push = { list: "texts", path: "/dashboard/texts/3", kind: "Text" } as const;
    expect(pushNotification({ ...push, name: "  maya   de la cruz ", preview: "Can I come\nat 3 instead?" })).toMatchObject({
      title: "Text from maya C.",
      body: "Can I come at 3 instead?",
    });
    expect(pushNotification({ ...push, name: "(901) 555-0142", preview: "Hi" }).title).toBe("Text from (901) 555-0142");
    expect(pushNotification({ ...push, name: "", preview: "Hi" }).title).toBe("Text from a customer");
    const long = pushNotification({ ...push, name: "Cher", preview: "word ".repeat(60) }).body;
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith("word…")).toBe(true);
  });

  it("titles the kind and the name over the preview, and opens the record", () => {
    expect(
      pushNotification({ list: "appointments", path: "/dashboard/appointments/7", kind: "New appointment", name: "Maya Thompson", preview: "Ring sizing" }),
    ).toEqual({ title: "New appointment from Maya T.", body: "Ring sizing", path: "/dashboard/appointments/7", tag: "/dashboard/appointments/7" });
  });
});
