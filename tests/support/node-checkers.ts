import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Outside programs' own checkers, run in Node for the tests in workerd (which
// can neither load twilio's CommonJS nor start java). vitest.config.ts binds
// each to the test Worker as a service; tests call it with fetch.

const require = createRequire(import.meta.url);

/** TWILIO_SIGNER: `{ authToken, url, params }` → `{ signature }`, from twilio's own getExpectedTwilioSignature. */
export async function twilioSigner(request: Request): Promise<Response> {
  const { getExpectedTwilioSignature } = require("twilio/lib/webhooks/webhooks.js") as typeof import("twilio/lib/webhooks/webhooks");
  const { authToken, url, params } = (await request.json()) as { authToken: string; url: string; params: Record<string, string> };
  return Response.json({ signature: getExpectedTwilioSignature(authToken, url, params) });
}

/** NU_VALIDATOR: `{ documents: string[] }` (HTML) → the Nu validator's messages for each, in order. */
export async function nuValidator(request: Request): Promise<Response> {
  const { documents } = (await request.json()) as { documents: string[] };
  const folder = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = documents.map((html, index) => {
      const file = join(folder, `${index}.html`);
      writeFileSync(file, html);
      return file;
    });
    const jar = require.resolve("vnu-jar/build/dist/vnu.jar");
    const output = await new Promise<string>((resolve, reject) =>
      // --exit-zero-always: the messages are the answer; only a crash is an error here.
      execFile("java", ["-jar", jar, "--format", "json", "--exit-zero-always", ...files], { maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
        error ? reject(error) : resolve(stderr || stdout),
      ),
    );
    const { messages } = JSON.parse(output) as { messages: { url: string; type: string; subType?: string; message: string }[] };
    return Response.json({
      results: files.map((file) => messages.filter((message) => message.url.endsWith(`/${file.split("/").pop()}`))),
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
