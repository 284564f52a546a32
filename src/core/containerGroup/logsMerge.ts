/**
 * Turns successive replies of Containers_ListLogs (each the last `tail` lines of a log that keeps growing) into
 * the lines that are new since the previous reply. With timestamps (what the follower asks for) lines are placed
 * by time, and only lines sharing the newest time already seen are matched by text; without them the reply's
 * start is matched against the end of the previous one. When a full window shares nothing with the previous one,
 * more lines may have arrived between the two reads than the window holds: the result says so.
 */

export interface LogLine {
  /** The line as the service sent it (with its timestamp when it has one). */
  text: string;
  /** The line without its timestamp. */
  message: string;
  /** Nanoseconds since the epoch, when the line starts with an RFC 3339 time. */
  time?: bigint;
}

export interface MergeResult {
  /** Lines not seen before, oldest first. */
  lines: LogLine[];
  /** More lines than the window holds may have arrived: some before `lines` may be missing. */
  gap: boolean;
  /** The log is shorter and shares nothing with the previous reply: it started over (a restart). */
  restarted: boolean;
}

// `docker logs --timestamps` style: RFC 3339 with up to nanoseconds, then one space.
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2}) /;

function parseLine(text: string): LogLine {
  const m = TIMESTAMP.exec(text);
  if (!m) return { text, message: text };
  const ms = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(ms)) return { text, message: text };
  const nanos = BigInt((m[2] ?? '').padEnd(9, '0'));
  return { text, message: text.slice(m[0].length), time: BigInt(ms) * 1_000_000n + nanos };
}

/** The reply's lines; the newline that ends the last line does not start another. */
export function parseLogContent(content: string): LogLine[] {
  if (content === '') return [];
  const raw = content.split(/\r?\n/);
  if (raw[raw.length - 1] === '') raw.pop();
  return raw.map(parseLine);
}

/** Length of the longest suffix of `before` that is also a prefix of `after` (compared by text). */
function overlap(before: readonly LogLine[], after: readonly LogLine[]): number {
  for (let o = Math.min(before.length, after.length); o > 0; o--) {
    let same = true;
    for (let i = 0; i < o && same; i++) same = before[before.length - o + i].text === after[i].text;
    if (same) return o;
  }
  return 0;
}

const timed = (lines: readonly LogLine[]): boolean => lines.every((l) => l.time !== undefined);

export class LogMerger {
  private previous: LogLine[] = [];
  private started = false;

  /** @param tail the window asked for: a reply this long may have lost lines off its start. */
  constructor(private readonly tail: number) {}

  merge(content: string): MergeResult {
    const reply = parseLogContent(content);
    const before = this.previous;
    const first = !this.started;
    this.started = true;
    this.previous = reply;
    const full = reply.length >= this.tail;
    if (first) return { lines: reply, gap: false, restarted: false };
    if (before.length === 0) return { lines: reply, gap: full, restarted: false };
    if (reply.length === 0) return { lines: [], gap: false, restarted: false };
    return timed(before) && timed(reply) ? this.byTime(before, reply, full) : this.byOverlap(before, reply, full);
  }

  private byTime(before: LogLine[], reply: LogLine[], full: boolean): MergeResult {
    const last = before[before.length - 1].time as bigint;
    const older = reply.findIndex((l) => (l.time as bigint) >= last);
    const start = older === -1 ? reply.length : older;
    let end = start;
    while (end < reply.length && reply[end].time === last) end++;
    let runStart = before.length;
    while (runStart > 0 && before[runStart - 1].time === last) runStart--;
    const shared = overlap(before.slice(runStart), reply.slice(start, end));
    // Evidence that the reply reaches back to what was shown: an older line, or a shared line of the newest time.
    const reachesBack = start > 0 || shared > 0;
    // A reply shorter than the window is the whole log: when every line of it is newer than all that was shown,
    // the log started over (a restart runs the containers again with a new log).
    const restarted = !full && !reachesBack && (reply[0].time as bigint) > last;
    return { lines: reply.slice(start + shared), gap: full && !reachesBack, restarted };
  }

  private byOverlap(before: LogLine[], reply: LogLine[], full: boolean): MergeResult {
    // A reply shorter than the window is the whole log: when it starts with what was shown, the rest is new.
    if (!full && before.length <= reply.length && before.every((l, i) => l.text === reply[i].text)) {
      return { lines: reply.slice(before.length), gap: false, restarted: false };
    }
    const shared = overlap(before, reply);
    return { lines: reply.slice(shared), gap: full && shared === 0, restarted: !full && shared === 0 };
  }
}
