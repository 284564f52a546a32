// CIDR functions (template-functions-cidr): parseCidr(), cidrSubnet(), cidrHost() for IPv4 and IPv6.
import { Obj, TemplateFunction, fixed, num, str } from './functionsBase';
import { invalidArgument } from './templateErrors';

interface Network { v6: boolean; address: bigint; prefix: number; bits: number }

function parseAddress(text: string, name: string): { v6: boolean; value: bigint } {
  if (text.includes(':')) {
    const [head, tail] = text.split('::');
    const part = (s: string | undefined): string[] => (s ? s.split(':') : []);
    const groups = tail === undefined ? part(head) : [...part(head), ...Array(8 - part(head).length - part(tail).length).fill('0'), ...part(tail)];
    if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) throw invalidArgument(name, `'${text}' is not a valid IP address`);
    return { v6: true, value: groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n) };
  }
  const octets = text.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) throw invalidArgument(name, `'${text}' is not a valid IP address`);
  return { v6: false, value: octets.reduce((acc, o) => (acc << 8n) | BigInt(o), 0n) };
}

function formatAddress(value: bigint, v6: boolean): string {
  if (!v6) return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 255n)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  // The longest run of two or more zero groups is written "::" (RFC 5952).
  let best = { at: -1, len: 1 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.len).join(':')}`;
}

function parseNetwork(text: string, name: string): Network {
  const [addr, prefixText] = text.split('/');
  const { v6, value } = parseAddress(addr, name);
  const bits = v6 ? 128 : 32;
  const prefix = Number(prefixText);
  if (prefixText === undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > bits) throw invalidArgument(name, `'${text}' is not a valid CIDR network`);
  const mask = ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(bits - prefix)) - 1n);
  return { v6, address: value & mask, prefix, bits };
}

const size = (n: Network): bigint => 1n << BigInt(n.bits - n.prefix);

export const CIDR_FUNCTIONS: Record<string, TemplateFunction> = {
  parsecidr: fixed(1, 1, ([c], name): Obj => {
    const n = parseNetwork(str(name, c), name);
    const mask = ((1n << BigInt(n.bits)) - 1n) ^ (size(n) - 1n);
    const last = n.address + size(n) - 1n;
    // IPv4 reserves the network and broadcast addresses (except /31 and /32); IPv6 has no broadcast.
    if (n.v6) return { network: formatAddress(n.address, true), netmask: formatAddress(mask, true), firstUsable: formatAddress(n.address, true), lastUsable: formatAddress(last, true), cidr: n.prefix };
    const reserved = n.prefix < 31 ? 1n : 0n;
    return { network: formatAddress(n.address, false), netmask: formatAddress(mask, false), broadcast: formatAddress(last, false), firstUsable: formatAddress(n.address + reserved, false), lastUsable: formatAddress(last - reserved, false), cidr: n.prefix };
  }),
  cidrsubnet: fixed(3, 3, ([c, p, i], name) => {
    const n = parseNetwork(str(name, c), name);
    const prefix = num(name, p);
    const index = BigInt(num(name, i));
    if (prefix < n.prefix || prefix > n.bits) throw invalidArgument(name, `the new CIDR '${prefix}' must be between ${n.prefix} and ${n.bits}`);
    const count = 1n << BigInt(prefix - n.prefix);
    if (index < 0n || index >= count) throw invalidArgument(name, `the subnet index '${index}' is out of range`);
    return `${formatAddress(n.address + index * (1n << BigInt(n.bits - prefix)), n.v6)}/${prefix}`;
  }),
  cidrhost: fixed(2, 2, ([c, i], name) => {
    const n = parseNetwork(str(name, c), name);
    const index = BigInt(num(name, i));
    // Host 0 is the first usable address: the one after the network address (IPv4 /31 and /32 have no reserved ones).
    const offset = !n.v6 && n.prefix >= 31 ? 0n : 1n;
    const usable = n.v6 ? size(n) - 1n : size(n) - 2n * offset;
    if (index < 0n || index >= usable) throw invalidArgument(name, `the host index '${index}' is out of range`);
    return formatAddress(n.address + offset + index, n.v6);
  }),
};
