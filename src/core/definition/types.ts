/** Shared types of the definition model: one node tree for JSON and YAML, and the finding shape. */

export type DefinitionFormat = 'json' | 'yaml';

/** Half-open character range [start, end) as UTF-16 offsets into the document text. */
export interface Range {
  start: number;
  end: number;
}

export type PathSegment = string | number;
export type Severity = 'error' | 'warning' | 'info';

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface Fix {
  title: string;
  edits: TextEdit[];
}

export interface Finding {
  code: string;
  severity: Severity;
  message: string;
  range: Range;
  path: PathSegment[];
  /** The preferred quick fix. */
  fix?: Fix;
  /** Other quick fixes, offered after it (e.g. each allowed value when none is close). */
  moreFixes?: Fix[];
  /** Extra facts for quick fixes (e.g. the canonical value). */
  data?: Record<string, unknown>;
}

interface NodeBase {
  range: Range;
  /** Set on object members: the key as written and the range of the key token. */
  key?: string;
  keyRange?: Range;
  /** True when the key (YAML) was written without quotes. */
  keyPlain?: boolean;
}

export interface ObjectNode extends NodeBase {
  kind: 'object';
  /** Members in source order, duplicates included. */
  properties: DefinitionNode[];
}

export interface ArrayNode extends NodeBase {
  kind: 'array';
  children: DefinitionNode[];
}

export interface ScalarNode extends NodeBase {
  kind: 'string' | 'number' | 'boolean' | 'null';
  value: string | number | boolean | null;
  /** YAML: plain (unquoted) scalar. JSON: always false. */
  plain?: boolean;
}

export type DefinitionNode = ObjectNode | ArrayNode | ScalarNode;

export interface ParseResult {
  root: DefinitionNode | undefined;
  diagnostics: Finding[];
}

/** Nodes deeper than this are cut off (a definition never needs it; it protects the stack). */
export const MAX_DEPTH = 200;
