/**
 * ARM template expressions: strings wrapped in `[ ]` (`[[` escapes a literal bracket). Trailing blanks are
 * allowed, so the editor and the deploy agree on which values are expressions. No other imports: the
 * deploy uses this without loading the schema.
 */
export function isTemplateExpression(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('[') && !value.startsWith('[[') && value.trimEnd().endsWith(']');
}
