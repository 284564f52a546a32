/**
 * What a document whose checks overran the worker's time budget gets instead of them: one informational
 * finding, and no completion, hover or symbols, until it is closed and opened again.
 */
import { Code } from '../definition/findingCodes';
import type { Finding } from '../definition';
import type { RequestBody } from './protocol';
import type { Versioned } from './service';

/** Per job (opening, an edit, a request). Large files within the live-check limit take a few seconds at most. */
export const JOB_BUDGET_MS = 10_000;

export function stoppedFindings(budgetMs: number): Finding[] {
  const seconds = Math.round(budgetMs / 100) / 10;
  return [
    {
      code: Code.tooLargeForLiveChecks,
      severity: 'info',
      message: `Checking this file took longer than ${seconds} s, so live checks stopped for it and other files keep theirs. Close and reopen it to try again, or run "aci-validate" on it from a terminal.`,
      range: { start: 0, end: 0 },
      path: [],
    },
  ];
}

/** The answer for a request about a document whose checks were stopped. */
export function stoppedAnswer(body: RequestBody, budgetMs: number): Versioned<unknown> {
  switch (body.op) {
    case 'diagnostics':
      return { version: body.version, result: stoppedFindings(budgetMs) };
    case 'hover':
      return { version: body.version, result: undefined };
    case 'complete':
    case 'symbols':
      return { version: body.version, result: [] };
  }
}
