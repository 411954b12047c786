import { isIPv6 } from 'node:net';

/** `1.2.3.4` as the two 16-bit groups it fills at the end of an IPv6 address. */
function ipv4Groups(address: string): number[] {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

/** The eight 16-bit groups of a valid IPv6 address, in any of its written forms. */
function ipv6Groups(address: string): number[] {
  const withoutZone = address.split('%')[0] ?? '';
  const [head = '', tail] = withoutZone.split('::');
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => (piece.includes('.') ? ipv4Groups(piece) : [parseInt(piece, 16)]));
  const front = groupsOf(head);
  if (tail === undefined) return front;
  const back = groupsOf(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const isIpv4Mapped = (groups: number[]) =>
  groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;

const ipv4Text = (groups: number[]) => groups.flatMap((group) => [group >> 8, group & 0xff]).join('.');
const ipv6Text = (groups: number[]) => groups.map((group) => group.toString(16)).join(':');

/**
 * The addresses one client is taken to control, as a key for counting its attempts: an IPv4 address itself, and
 * for IPv6 its /64 network, since a single subscriber is given a whole /64 and may use any address in it.
 * An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as a dual-stack socket reports IPv4 clients) is its IPv4 address.
 */
export function addressBlock(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  return isIpv4Mapped(groups) ? ipv4Text(groups.slice(6)) : `${ipv6Text(groups.slice(0, 4))}::/64`;
}
