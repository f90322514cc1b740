// A visitor as the server sees one: its own address (CF-Connecting-IP, so the
// per-visitor rate limit applies to each visitor separately, as in production),
// its own submission token from the form page, and a same-origin form post.
import { Blob, Buffer } from "node:buffer";
import { performance } from "node:perf_hooks";
import { URLSearchParams } from "node:url";

const TOKEN_PATTERN = /name="submissionToken"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="submissionToken"/;

export function visitorIp(index) {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

export class Visitor {
  constructor(origin, ip) {
    this.origin = origin;
    this.ip = ip;
  }

  /** The signed token a visitor's form page carries. */
  async formToken(path) {
    const response = await fetch(`${this.origin}${path}`, { headers: { "CF-Connecting-IP": this.ip } });
    const html = await response.text();
    const match = TOKEN_PATTERN.exec(html);
    if (!match) throw new Error(`no submission token on ${path} (${response.status})`);
    return match[1] ?? match[2];
  }

  /** A form post as a browser sends it; resolves when the response headers arrive. */
  async post(path, fields, extraHeaders = {}) {
    const started = performance.now();
    const response = await fetch(`${this.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: this.origin,
        "CF-Connecting-IP": this.ip,
        ...extraHeaders,
      },
      body: new URLSearchParams(fields),
    });
    const respondedAt = performance.now();
    await response.arrayBuffer();
    return {
      status: response.status,
      location: response.headers.get("Location"),
      setCookie: response.headers.getSetCookie(),
      startedAt: started,
      respondedAt,
      latency: respondedAt - started,
    };
  }

  /**
   * A multipart post as a browser sends one with files: the fields, then each file
   * ({ name, bytes, type, fileName }), encoded before the clock starts and sent with
   * its length. Resolves once the answer is read; `latency` is from sending to the answer.
   */
  async postMultipart(path, fields, files) {
    const form = new globalThis.FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append(file.name, new Blob([file.bytes], { type: file.type }), file.fileName);
    const encoded = new globalThis.Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const started = performance.now();
    const response = await fetch(`${this.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: this.origin,
        "CF-Connecting-IP": this.ip,
        "Content-Type": encoded.headers.get("Content-Type"),
        "Content-Length": String(body.length),
      },
      body,
    });
    const latency = performance.now() - started;
    await response.arrayBuffer();
    return { status: response.status, latency };
  }
}

/** Signs in through the real login form; returns the Cookie header value. */
export async function signIn(origin, { email, password }, ip = "10.255.255.254") {
  const result = await new Visitor(origin, ip).post("/login", { email, password });
  const cookie = result.setCookie.map((value) => value.split(";")[0]).find((value) => value.startsWith("staff_session="));
  if (!cookie) throw new Error(`sign-in failed with ${result.status}`);
  return cookie;
}
