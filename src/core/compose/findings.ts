/** The conversion's findings as the editor's and the CLI's findings: a code per rule, a severity per kind. */
import type { Finding, Severity } from '../definition/types';
import { COMPOSE_RULES, composeCode } from './rules';
import type { ComposeFinding, NoteKind } from './types';

export const KIND_SEVERITY: Record<NoteKind, Severity> = { blocked: 'error', changed: 'warning', leftOut: 'warning', mapped: 'info' };

export function asFinding(f: ComposeFinding): Finding {
  return { code: composeCode(f.rule), severity: KIND_SEVERITY[f.kind], message: f.message, range: f.range, path: [], data: { source: COMPOSE_RULES[f.rule].source } };
}
