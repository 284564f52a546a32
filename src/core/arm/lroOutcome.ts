/** How a long-running operation's answers read: terminal states, and the errors its end or its unknown end becomes. */
import type { ArmResponse } from './client';
import { isEnded, phaseOf, readLroStatus } from './armStates';
import { ArmError, parseServiceError, type ParsedServiceError } from './errors';

/** Code of the error thrown when the request went out but its outcome could not be read. */
export const STATUS_UNAVAILABLE = 'OperationStatusUnavailable';

/** Code of the cancel of a wait for an operation that Azure had accepted: it may go on there. */
export const WAIT_CANCELED = 'OperationWaitCanceled';

/** True when the user stopped waiting for an operation Azure had accepted (so its outcome is not known). */
export function isWaitCanceled(err: unknown): boolean {
  return err instanceof ArmError && err.kind === 'canceled' && err.code === WAIT_CANCELED;
}

/** True when Azure may still be working on the operation though its status could not be read. */
export function isStatusUnavailable(err: unknown): boolean {
  return err instanceof ArmError && err.code === STATUS_UNAVAILABLE;
}

/** Succeeded, Failed or Canceled in any spelling (armStates.ts holds the vocabulary). */
export function isTerminalState(state: string | undefined): boolean {
  return isEnded(state);
}

export function provisioningStateOf(body: unknown): string | undefined {
  const props = (body as { properties?: { provisioningState?: unknown } } | null | undefined)?.properties;
  return typeof props?.provisioningState === 'string' ? props.provisioningState : undefined;
}

export type PollMode = 'async' | 'location' | 'resource';

/**
 * The status a poll response stands for; undefined when an Azure-AsyncOperation answer carries no status
 * (ARM requires one), so that it is never mistaken for "still running" and polled forever.
 */
export function pollStatus(mode: PollMode, poll: ArmResponse<unknown>): string | undefined {
  if (mode === 'async') {
    const status = (poll.body as { status?: unknown } | null | undefined)?.status;
    // Shown in its published spelling ("succeeded" reads "Succeeded"); a provider's own value as sent.
    return typeof status === 'string' && status.trim().length > 0 ? (readLroStatus(status) ?? status.trim()) : undefined;
  }
  if (mode === 'location') {
    // 202 while running; the final response (200/204) means done.
    if (poll.status === 202) return 'InProgress';
    return provisioningStateOf(poll.body) ?? 'Succeeded';
  }
  return provisioningStateOf(poll.body) ?? 'Succeeded';
}

/** On a Location URL the final response of a failed operation is its error (a 4xx other than 408/429). */
export function isFinalLocationFailure(err: ArmError): boolean {
  return err.kind === 'http' && err.status !== undefined && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
}

export function failIfUnsuccessful(status: string, statusBody: unknown, response: ArmResponse<unknown>): void {
  const phase = phaseOf(status);
  if (phase === 'succeeded') {
    return;
  }
  const parsed = parseServiceError(statusBody);
  throw lroFailure(phase === 'failed' ? 'Failed' : 'Canceled', parsed, response);
}

/** The service's error as an ArmError carries it. */
export function errorParts(err: ArmError): ParsedServiceError {
  return { code: err.code, message: err.serviceMessage, target: err.target, details: err.details };
}

export function lroFailure(
  state: 'Failed' | 'Canceled',
  parsed: ParsedServiceError | undefined,
  response?: { requestId?: string; correlationId?: string },
): ArmError {
  const code = parsed?.code ?? (state === 'Failed' ? 'OperationFailed' : 'OperationCanceled');
  const what = state === 'Failed' ? 'The operation failed' : 'The operation was canceled in Azure';
  const message = parsed?.message?.trim() || (state === 'Failed' ? 'no error details were returned' : 'no reason was given');
  return new ArmError(`${what}: ${message} [${code}]`, {
    kind: 'lro',
    code,
    operationState: state,
    target: parsed?.target,
    details: parsed?.details,
    requestId: response?.requestId,
    correlationId: response?.correlationId,
  });
}

export function statusUnknown(what: string, last: ArmError): ArmError {
  return new ArmError(`${what}; the operation may still be running in Azure.`, {
    kind: 'lro',
    code: STATUS_UNAVAILABLE,
    status: last.status,
    requestId: last.requestId,
    correlationId: last.correlationId,
    cause: last,
  });
}

/** A 200 from the status URL whose body is an error or has no status. */
export function unreadableStatus(status: number, parsed: ParsedServiceError | undefined, poll: { requestId?: string; correlationId?: string }, polls: number): ArmError {
  const why = parsed?.message
    ? `Azure answered ${status} with an error instead of a status: ${parsed.message.trim()}${parsed.code ? ` [${parsed.code}]` : ''}`
    : `Azure answered ${status} without a status`;
  return new ArmError(`The status of the operation could not be read after ${polls} polls (${why}); the operation may still be running in Azure.`, {
    kind: 'lro',
    code: STATUS_UNAVAILABLE,
    status,
    details: parsed?.code || parsed?.message ? [{ code: parsed.code, message: parsed.message, target: parsed.target }] : undefined,
    requestId: poll.requestId,
    correlationId: poll.correlationId,
  });
}
