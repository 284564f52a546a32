/** What the cursor is about to write: a property name, a value, or a new array item. */
import { DefinitionNode, PathSegment, Range } from '../definition';

interface SiteBase {
  /** Text to replace: the partial word (or token) under the cursor. */
  range: Range;
  /** Column where the written key/value/item starts; later lines of a multi-line insert indent from it. */
  column: number;
  /** Appended after the insert (JSON: a comma when another member follows). */
  suffix: string;
}

export interface KeySite extends SiteBase {
  kind: 'key';
  /** Path of the object that gets the key. */
  path: PathSegment[];
  object: DefinitionNode | undefined;
  /** A value already follows the key being edited: insert the name only. */
  keyOnly: boolean;
  /** The member being edited (not counted as already present). */
  editing?: Range;
  /** YAML `- |`: the object is a new array item whose dash is already written. */
  newItem: boolean;
}

export interface ValueSite extends SiteBase {
  kind: 'value';
  path: PathSegment[];
  /** The quote the typed value opened (`"`, `'`), or ''. */
  quote: string;
}

export interface ItemSite extends SiteBase {
  kind: 'item';
  /** Path of the new item (the array path plus its index). */
  path: PathSegment[];
}

export type Site = KeySite | ValueSite | ItemSite;

export function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

export function columnOf(text: string, offset: number): number {
  return offset - lineStartOf(text, offset);
}

/** Width of the leading whitespace of the line that holds `offset` (JSON blocks close at that column). */
export function lineIndent(text: string, offset: number): number {
  const start = lineStartOf(text, offset);
  let i = start;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  return i - start;
}

/** End of the line that holds `offset` (before any `\r\n`). */
export function lineEndOf(text: string, offset: number): number {
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  if (end > offset && text.charCodeAt(end - 1) === 13) end--;
  return end;
}

const WORD = /[A-Za-z0-9_$.-]/;

/** Extends `end` over word characters (the rest of a word the cursor is inside). */
export function wordEnd(text: string, end: number, limit: number): number {
  while (end < limit && WORD.test(text[end])) end++;
  return end;
}
