import { generate } from "lean-qr";
import { toSvgSource } from "lean-qr/extras/svg";
import { repairStatusUrl } from "./messages";

// The claim ticket's QR code: the status page with the ticket number filled in,
// drawn on the server as SVG by lean-qr (a maintained encoder), so the printed
// ticket needs no script and no image request.

export function repairQrSvg(ticket: string): string {
  const svg = toSvgSource(generate(repairStatusUrl(ticket)), { on: "#000", off: "#fff", pad: 2 });
  // lean-qr writes the keyword in lower case; SVG's value is `crispEdges`, and the HTML validator holds us to it.
  return svg.replace('shape-rendering="crispedges"', 'shape-rendering="crispEdges"');
}
