/** Compose's value syntaxes the conversion reads: byte sizes, durations, command lines, ports, volume entries. */

/** Bytes of a Compose size (05-services.md, "Specifying byte values": 2b, 1024kb, 300m, 1gb; a number is bytes). */
export function parseBytes(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)b?\s*$/i.exec(String(value));
  if (!m) return undefined;
  const power = { '': 0, k: 1, m: 2, g: 3, t: 4 }[m[2].toLowerCase() as '' | 'k' | 'm' | 'g' | 't'];
  return Number(m[1]) * 1024 ** power;
}

/** Seconds of a Compose duration (05-services.md, "Specifying durations": 1m30s, 10s, 500ms, 1h), rounded up. */
export function parseSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Math.ceil(value);
  const text = String(value).trim();
  const unit: Record<string, number> = { us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  let total = 0;
  let rest = text;
  while (rest) {
    const m = /^(\d+(?:\.\d+)?)(us|ms|s|m|h)/.exec(rest);
    if (!m) return undefined;
    total += Number(m[1]) * unit[m[2]];
    rest = rest.slice(m[0].length);
  }
  return text ? Math.ceil(total) : undefined;
}

/** A command line as Compose splits a string command (shell words: quotes and backslashes, no expansion). */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** A command/entrypoint value as a list of arguments. */
export function commandList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.map(String) : shellWords(String(value));
}

export interface PortSpec {
  target: number;
  published?: number;
  protocol: 'TCP' | 'UDP';
  hostIp?: string;
}

/** A `ports:` entry (short `[ip:][published:]target[/proto]`, ranges expanded, or the long form); undefined when unreadable. */
export function parsePorts(entry: unknown): PortSpec[] | undefined {
  if (typeof entry === 'object' && entry !== null) {
    const e = entry as Record<string, unknown>;
    const target = Number(e.target);
    const published = e.published === undefined ? undefined : Number(String(e.published).split('-')[0]);
    if (!Number.isInteger(target)) return undefined;
    return [{ target, published, protocol: String(e.protocol ?? 'tcp').toLowerCase() === 'udp' ? 'UDP' : 'TCP', hostIp: e.host_ip === undefined ? undefined : String(e.host_ip) }];
  }
  const m = /^(?:(?:\[([^\]]+)\]|(\d+\.[\d.]+)):)?(?:(\d+)(?:-(\d+))?:)?(\d+)(?:-(\d+))?(?:\/(tcp|udp|sctp))?$/i.exec(String(entry).trim());
  if (!m) return undefined;
  const [, ip6, ip4, pubStart, pubEnd, start, end, proto] = m;
  if (proto?.toLowerCase() === 'sctp') return undefined;
  const first = Number(start);
  const last = end ? Number(end) : first;
  const pub = pubStart ? Number(pubStart) : undefined;
  if (last < first || last - first > 64 || (pubEnd && Number(pubEnd) - Number(pubStart) !== last - first)) return undefined;
  const out: PortSpec[] = [];
  for (let p = first; p <= last; p++) out.push({ target: p, published: pub === undefined ? undefined : pub + (p - first), protocol: proto?.toLowerCase() === 'udp' ? 'UDP' : 'TCP', hostIp: ip6 ?? ip4 });
  return out;
}

export interface VolumeEntry {
  type: 'volume' | 'bind' | 'tmpfs' | 'other';
  source?: string;
  target: string;
  readOnly: boolean;
}

/** A service's `volumes:` entry (short `source:target[:mode]` or the long form). */
export function parseVolume(entry: unknown): VolumeEntry | undefined {
  if (typeof entry === 'object' && entry !== null) {
    const e = entry as Record<string, unknown>;
    const type = ['volume', 'bind', 'tmpfs'].includes(String(e.type)) ? (String(e.type) as VolumeEntry['type']) : 'other';
    if (typeof e.target !== 'string') return undefined;
    return { type, source: typeof e.source === 'string' ? e.source : undefined, target: e.target, readOnly: e.read_only === true };
  }
  const parts = String(entry).split(':');
  // A Windows drive letter (C:\data:/data) belongs to the source.
  if (parts.length > 2 && /^[A-Za-z]$/.test(parts[0])) parts.splice(0, 2, `${parts[0]}:${parts[1]}`);
  if (parts.length === 1) return { type: 'volume', target: parts[0], readOnly: false };
  const [source, target, mode = ''] = parts;
  const bind = /^([./~]|[A-Za-z]:)/.test(source);
  return { type: bind ? 'bind' : 'volume', source, target, readOnly: mode.split(',').includes('ro') };
}
