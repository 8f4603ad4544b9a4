import { isIPv4, isIPv6 } from 'node:net';

const DOTTED_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** An IPv4 address written inside IPv6 (RFC 4291 §2.5.5.2), as the URL parser leaves it: ::ffff:c000:22a. */
const IPV4_MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * One spelling per client address, for counting its requests: the address TRUST_PROXY resolved (request.ip) may
 * arrive as `203.0.113.7`, `::ffff:203.0.113.7` (a dual-stack socket), `2001:DB8:0:0::1` or `2001:db8::1` (a proxy's
 * choice), which are one client. IPv6 goes to its RFC 5952 form (lower case, zeros compressed), an IPv4 address
 * mapped into IPv6 back to IPv4, and IPv4 loses leading zeros. Anything else is kept as it came, in lower case.
 */
export function canonicalAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const quad = DOTTED_QUAD.exec(trimmed);
  if (quad) {
    const octets = quad.slice(1).map(Number);
    return octets.every((octet) => octet <= 255) ? octets.join('.') : trimmed;
  }
  // A zone (fe80::1%eth0) names the server's interface, not the client.
  const unzoned = trimmed.replace(/%.*$/, '');
  if (!isIPv6(unzoned)) return trimmed;
  // The WHATWG URL parser writes IPv6 hosts in RFC 5952 form.
  const compressed = new URL(`http://[${unzoned}]/`).hostname.slice(1, -1);
  const mapped = IPV4_MAPPED.exec(compressed);
  if (!mapped) return compressed;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  const ipv4 = [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  return isIPv4(ipv4) ? ipv4 : compressed;
}
