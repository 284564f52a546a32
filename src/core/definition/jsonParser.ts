/** JSON (with comments) → definition node tree, via jsonc-parser. */
import { Node as JsonNode, ParseError, ParseErrorCode, parseTree } from 'jsonc-parser';
import { Code } from './findingCodes';
import { DefinitionNode, Finding, MAX_DEPTH, ParseResult, PathSegment } from './types';

const ERROR_TEXT: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'Invalid symbol',
  [ParseErrorCode.InvalidNumberFormat]: 'Invalid number',
  [ParseErrorCode.PropertyNameExpected]: 'Expected a property name in double quotes',
  [ParseErrorCode.ValueExpected]: 'Expected a value',
  [ParseErrorCode.ColonExpected]: "Expected ':' after the property name",
  [ParseErrorCode.CommaExpected]: "Expected ',' between items",
  [ParseErrorCode.CloseBraceExpected]: "Expected '}' to close the object",
  [ParseErrorCode.CloseBracketExpected]: "Expected ']' to close the array",
  [ParseErrorCode.EndOfFileExpected]: 'Expected the end of the file after the top-level value',
  [ParseErrorCode.InvalidCommentToken]: 'Invalid comment',
  [ParseErrorCode.UnexpectedEndOfComment]: 'Comment is not closed',
  [ParseErrorCode.UnexpectedEndOfString]: 'String is not closed',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'Number is not complete',
  [ParseErrorCode.InvalidUnicode]: 'Invalid unicode escape',
  [ParseErrorCode.InvalidEscapeCharacter]: 'Invalid escape character',
  [ParseErrorCode.InvalidCharacter]: 'Invalid character in string (control characters must be escaped)',
};

export function parseJson(text: string): ParseResult {
  const diagnostics: Finding[] = [];
  // A BOM is replaced by a space of the same length so offsets stay those of the original text.
  const source = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
  const errors: ParseError[] = [];
  let tree: JsonNode | undefined;
  try {
    tree = parseTree(source, errors, { allowTrailingComma: false, disallowComments: false, allowEmptyContent: true });
  } catch {
    diagnostics.push({
      code: Code.tooDeep,
      severity: 'error',
      message: 'The document is nested too deeply to read.',
      range: { start: 0, end: Math.min(1, text.length) },
      path: [],
    });
    return { root: undefined, diagnostics };
  }
  let lastOffset = -1;
  for (const e of errors) {
    // jsonc-parser often reports one mistake twice at the same place; the first says it best.
    if (e.offset === lastOffset) continue;
    lastOffset = e.offset;
    const start = Math.min(e.offset, text.length);
    const comma = trailingComma(source, start);
    diagnostics.push({
      code: Code.syntax,
      severity: 'error',
      message: comma >= 0 ? `Trailing comma before '${source[start]}'; remove it.` : `${ERROR_TEXT[e.error] ?? 'Syntax error'}.`,
      range: comma >= 0 ? { start: comma, end: comma + 1 } : { start, end: Math.min(text.length, start + Math.max(e.length, 0)) },
      path: [],
    });
  }
  if (!tree) {
    if (errors.length === 0) diagnostics.push(emptyFinding(text));
    return { root: undefined, diagnostics };
  }
  const root = convert(tree, [], diagnostics);
  return { root, diagnostics };
}

/** Offset of the comma when the error sits on a `}`/`]` right after one (comments and spaces between), else -1. */
function trailingComma(text: string, offset: number): number {
  if (text[offset] !== '}' && text[offset] !== ']') return -1;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text.charAt(i))) i--;
  if (text[i] !== ',') return -1;
  let j = i - 1;
  while (j >= 0 && /\s/.test(text.charAt(j))) j--;
  return j >= 0 && !'{[,'.includes(text.charAt(j)) ? i : -1;
}

function emptyFinding(text: string): Finding {
  return {
    code: Code.emptyDocument,
    severity: 'error',
    message: 'The document is empty; write a container group definition.',
    range: { start: 0, end: text.length },
    path: [],
  };
}

function convert(node: JsonNode, path: PathSegment[], diagnostics: Finding[]): DefinitionNode {
  const depth = path.length;
  const range = { start: node.offset, end: node.offset + node.length };
  if (depth > MAX_DEPTH) {
    diagnostics.push({ code: Code.tooDeep, severity: 'error', message: `Nesting deeper than ${MAX_DEPTH} levels is not read.`, range, path });
    return { kind: 'null', value: null, range };
  }
  switch (node.type) {
    case 'object': {
      const properties: DefinitionNode[] = [];
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const keyNode = prop.children?.[0];
        const valueNode = prop.children?.[1];
        if (!keyNode || typeof keyNode.value !== 'string') continue;
        const keyRange = { start: keyNode.offset, end: keyNode.offset + keyNode.length };
        const child: DefinitionNode = valueNode
          ? convert(valueNode, [...path, keyNode.value], diagnostics)
          : { kind: 'null', value: null, range: { start: keyRange.end, end: keyRange.end } };
        child.key = keyNode.value;
        child.keyRange = keyRange;
        if (seen.has(keyNode.value)) {
          diagnostics.push(duplicateKeyFinding(keyNode.value, keyRange, [...path, keyNode.value]));
        }
        seen.add(keyNode.value);
        properties.push(child);
      }
      return { kind: 'object', properties, range };
    }
    case 'array':
      return { kind: 'array', children: (node.children ?? []).map((c, i) => convert(c, [...path, i], diagnostics)), range };
    case 'string':
      return { kind: 'string', value: String(node.value), range };
    case 'number':
      return { kind: 'number', value: Number(node.value), range };
    case 'boolean':
      return { kind: 'boolean', value: Boolean(node.value), range };
    default:
      return { kind: 'null', value: null, range };
  }
}

export function duplicateKeyFinding(key: string, keyRange: { start: number; end: number }, path: PathSegment[]): Finding {
  return {
    code: Code.duplicateKey,
    severity: 'warning',
    message: `Duplicate key '${key}': only the last one is used. Remove or rename one of them.`,
    range: keyRange,
    path,
    data: { key },
  };
}
