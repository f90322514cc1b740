// Who a per-client limit counts (docs/decisions/134): an IPv4 address as it is,
// and an IPv6 address by its /64 network, since a home or phone connection is
// given a whole /64 and can post from any of its 2^64 addresses. An IPv4 address
// written as IPv6 (::ffff:192.0.2.1) is that IPv4 address. Every limiter keys by
// this one function (clientKey in rate-limit.server.ts); records of who did what
// (the audit trail, sessions, consents) keep the full address.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;
/** Longer than any address; what is kept of a value that is not one (only local tests send such). */
const MAX_UNKNOWN = 64;
/** Marks a value that is no address, so it can never be spelled like a network's key. */
const UNKNOWN = "unknown:";

function ipv4Octets(text: string): number[] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address, or null when `text` is not one. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups: number[] = [];
    const parts = half.split(":");
    for (const [index, part] of parts.entries()) {
      const octets = index === parts.length - 1 ? ipv4Octets(part) : null;
      if (octets) groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      else if (HEX_GROUP.test(part)) groups.push(parseInt(part, 16));
      else return null;
    }
    return groups;
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/** The client a limit counts for the address Cloudflare reports (CF-Connecting-IP). */
export function clientNetwork(address: string): string {
  const text = address.trim().toLowerCase().replace(/%.*$/, ""); // a zone index (fe80::1%eth0) names no network
  if (ipv4Octets(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return `${UNKNOWN}${text.slice(0, MAX_UNKNOWN)}`;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}
