// A post the Worker answers without using all of its body is still received to its
// end before the answer goes (docs/decisions/045): the local runtime (npm start, the
// browser tests) breaks the connection when an answer leaves while the client is
// still sending, and the client gets a 500 or a reset instead of our answer. These
// bodies come without a length, in pieces the Worker asks for one at a time, so
// what it read is what it asked for; tests/browser/oversized-posts.spec.ts sends
// the same over real HTTP.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN } from "./helpers";
import { issueToken, textOf, uniqueIp } from "./lead-helpers";
import { samplePhoto, validOrder } from "./photo-helpers";

const MB = 1024 * 1024;
const PIECE = 64 * 1024;

/** `bytes` as a body of unknown length, handed over only as the reader asks; `sent()` says how much it took. */
function bodyOnRequest(bytes: Uint8Array) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= bytes.length) return controller.close();
        const piece = bytes.slice(sent, sent + PIECE);
        sent += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, sent: () => sent };
}

describe("a body the answer does not need is received to its end first", () => {
  it("an 8 MB form sent without a length gets 413 once all of it has arrived", async () => {
    const form = new TextEncoder().encode(new URLSearchParams({ name: "x".repeat(8 * MB), message: "hello" }).toString());
    const { body, sent } = bodyOnRequest(form);
    const response = await SELF.fetch(`${ORIGIN}/contactus`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
      body,
    });
    expect(response.status).toBe(413);
    expect(sent()).toBe(form.length);
    expect(await response.text()).toBe("This submission is too large.");
  });

  it("an order whose photo passes 10 MB, sent without a length, gets its answer once all of it has arrived", async () => {
    const photo = new Uint8Array(12 * MB);
    photo.set(samplePhoto("ring.jpg"));
    const form = new FormData();
    for (const [name, value] of Object.entries({ submissionToken: await issueToken("order"), ...validOrder, name: "Unread Photo" })) {
      form.append(name, value);
    }
    form.append("photos", new File([photo], "huge.jpg", { type: "image/jpeg" }));
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const { body, sent } = bodyOnRequest(bytes);
    const response = await SELF.fetch(`${ORIGIN}/orderOnline`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, "Content-Type": encoded.headers.get("Content-Type")!, "CF-Connecting-IP": uniqueIp() },
      body,
    });
    // The order form stops reading at the photo's 10 MB and shows the form again with the reason.
    expect(response.status).toBe(400);
    expect(sent()).toBe(bytes.length);
    expect(await textOf(response)).toContain("A photo is larger than 10 MB.");
  });
});
