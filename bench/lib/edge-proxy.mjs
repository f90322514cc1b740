// Cloudflare's edge compresses text responses (Brotli for browsers that accept
// it, as Chromium does over https) and speaks HTTP/2 over TLS; the local server
// does neither. Lighthouse simulates a slow 4G link from what it
// actually observes: the bytes received, and the connections they came over
// (each new HTTP/1.1 connection pays its own handshake and TCP slow start).
// Without this it would score a download no visitor ever makes. This loopback
// proxy serves HTTP/2 over TLS with a throwaway self-signed certificate (the
// browser runs with --ignore-certificate-errors), compresses text responses as
// the edge would (Brotli at quality 4, a setting for responses compressed as
// they are sent, or gzip), and passes everything else on unchanged.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createSecureServer } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
/** Headers HTTP/2 forbids; Node refuses to send them. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"];

function selfSignedCertificate(host) {
  const folder = mkdtempSync(join(tmpdir(), "bench-edge-"));
  try {
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
      "-subj", `/CN=${host}`, "-addext", `subjectAltName=IP:${host}`,
      "-keyout", join(folder, "key.pem"), "-out", join(folder, "cert.pem"),
    ], { stdio: "ignore" });
    return { key: readFileSync(join(folder, "key.pem")), cert: readFileSync(join(folder, "cert.pem")) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function responseHeaders(headers, extra = {}) {
  const result = { ...headers, ...extra };
  for (const name of HOP_BY_HOP) delete result[name];
  return result;
}

export function startEdgeProxy({ target, host, port }) {
  const upstream = new URL(target);
  const server = createSecureServer({ ...selfSignedCertificate(host), allowHTTP1: true }, (incoming, outgoing) => {
    const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !name.startsWith(":")));
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        // The page keeps its own origin (canonical links, CSP) as the browser sees it.
        headers: { ...headers, host: incoming.headers[":authority"] ?? incoming.headers.host, "accept-encoding": "identity" },
      },
      (response) => {
        const type = String(response.headers["content-type"] ?? "");
        const accepted = String(incoming.headers["accept-encoding"] ?? "");
        const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
        if (!encoding || !COMPRESSIBLE.test(type) || response.statusCode === 204 || response.statusCode === 304) {
          outgoing.writeHead(response.statusCode, responseHeaders(response.headers));
          response.pipe(outgoing);
          return;
        }
        const vary = [response.headers.vary, "Accept-Encoding"].filter(Boolean).join(", ");
        const compressed = responseHeaders(response.headers, { "content-encoding": encoding, vary });
        delete compressed["content-length"];
        outgoing.writeHead(response.statusCode, compressed);
        const compressor =
          encoding === "br" ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip();
        response.pipe(compressor).pipe(outgoing);
      },
    );
    forward.on("error", () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  return new Promise((resolve) => {
    server.listen(port, host, () =>
      resolve({ origin: `https://${host}:${port}`, close: () => new Promise((done) => server.close(done)) }),
    );
  });
}
