// Cloudflare compresses text responses at the edge; the local server does not.
// Lighthouse simulates a slow 4G link from the bytes it actually receives, so
// without this it would score a download no visitor ever makes. This loopback
// proxy gzips text responses (as the edge would) and passes everything else on.
import { createServer, request as httpRequest } from "node:http";
import { createGzip } from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

export function startGzipProxy({ target, host, port }) {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        // The page keeps its own origin (canonical links, CSP) as the browser sees it.
        headers: { ...incoming.headers, "accept-encoding": "identity" },
      },
      (response) => {
        const type = String(response.headers["content-type"] ?? "");
        const wantsGzip = /\bgzip\b/.test(String(incoming.headers["accept-encoding"] ?? ""));
        if (!wantsGzip || !COMPRESSIBLE.test(type) || response.statusCode === 204 || response.statusCode === 304) {
          outgoing.writeHead(response.statusCode, response.headers);
          response.pipe(outgoing);
          return;
        }
        const headers = { ...response.headers, "content-encoding": "gzip", vary: "Accept-Encoding" };
        delete headers["content-length"];
        outgoing.writeHead(response.statusCode, headers);
        response.pipe(createGzip()).pipe(outgoing);
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
      resolve({ origin: `http://${host}:${port}`, close: () => new Promise((done) => server.close(done)) }),
    );
  });
}
