/**
 * The line table and small lexical tests the fast block-YAML reader (blockYaml.ts) is built on, and how it
 * says a text is outside what it reads (OutOfSubset: the full reader then takes over).
 */
import { Document } from 'yaml';

/** Thrown when the text leaves the subset the fast reader takes. */
export class OutOfSubset extends Error {}

/** Thrown when the text must be read as a whole by the full reader (reading an entry alone would not do). */
export class WholeText extends OutOfSubset {}

export const out = (): never => {
  throw new OutOfSubset();
};

/** A plain key: a word, or a path such as a resource ID (`/subscriptions/…/userAssignedIdentities/id`). */
const KEY = /[A-Za-z_/][A-Za-z0-9_.\-/]*:(?= |\n|$)/y;

interface ScalarTag {
  default?: boolean | 'key';
  test?: RegExp;
  resolve(value: string, onError: (message: string) => void, options: unknown): unknown;
}

let core: { tags: ScalarTag[]; options: unknown } | undefined;

/** The core schema's scalar tags, in the order the `yaml` package tries them. */
function coreSchema(): { tags: ScalarTag[]; options: unknown } {
  if (!core) {
    const doc = new Document(null, { version: '1.2' });
    core = { tags: (doc.schema.tags as ScalarTag[]).filter((t) => t.default === true && t.test), options: doc.options };
  }
  return core;
}

/** A plain scalar's value under the YAML 1.2 core schema, as the `yaml` package resolves it. */
export function resolvePlain(source: string): unknown {
  const { tags, options } = coreSchema();
  const tag = tags.find((t) => t.test!.test(source));
  if (!tag) return source;
  let failed = false;
  const value = tag.resolve(source, () => (failed = true), options);
  if (failed) out();
  return value !== null && typeof value === 'object' && 'value' in value ? value.value : value;
}

/** `text.indexOf(search, from)` when found before `end`, else -1 (without searching past `end`). */
export function indexOnLine(text: string, search: string, from: number, end: number): number {
  const at = text.slice(from, end).indexOf(search);
  return at < 0 ? -1 : from + at;
}

export class YamlLines {
  /** Content lines (blank and comment-only lines left out): where the content starts, its column, the line's end. */
  protected readonly starts: number[] = [];
  protected readonly cols: number[] = [];
  protected readonly ends: number[] = [];

  constructor(protected readonly text: string) {
    let pos = 0;
    while (pos <= text.length) {
      let end = text.indexOf('\n', pos);
      if (end < 0) end = text.length;
      let c = pos;
      while (c < end && text.charCodeAt(c) === 32) c++;
      if (c < end && text[c] !== '#') {
        if (c === pos && (text.startsWith('---', c) || text.startsWith('...', c) || text[c] === '%')) out();
        this.starts.push(c);
        this.cols.push(c - pos);
        this.ends.push(end);
      }
      pos = end + 1;
    }
  }

  // Content line i; past the last one, the end of the text at column -1, which closes every collection.
  protected startOf(i: number): number {
    return this.starts[i] ?? this.text.length;
  }

  protected colOf(i: number): number {
    return this.cols[i] ?? -1;
  }

  protected endOf(i: number): number {
    return this.ends[i] ?? this.text.length;
  }

  protected isMergeKey(at: number): boolean {
    return this.text.startsWith('<<:', at) && /[ \n]/.test(this.text[at + 3] ?? '\n');
  }

  protected isDash(at: number): boolean {
    const next = this.text[at + 1];
    return this.text[at] === '-' && (next === ' ' || next === '\n' || next === undefined);
  }

  /** Offset of the `:` after a plain key at `at`, or -1. */
  protected keyEnd(at: number): number {
    KEY.lastIndex = at;
    return KEY.test(this.text) ? KEY.lastIndex - 1 : -1;
  }

  protected column(at: number): number {
    return at - (this.text.lastIndexOf('\n', at - 1) + 1);
  }

  protected skipSpaces(at: number): number {
    while (this.text.charCodeAt(at) === 32) at++;
    return at;
  }

  /** After a value: only spaces, then the line's end or a comment. */
  protected endOfLine(at: number, line: number): void {
    const rest = this.skipSpaces(at);
    if (rest < this.endOf(line) && !(this.text[rest] === '#' && rest > at)) out();
  }

  /** Start of the line holding `at`. */
  protected lineStartOf(at: number): number {
    return this.text.lastIndexOf('\n', at - 1) + 1;
  }
}
