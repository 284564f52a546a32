/**
 * The single error type of the ARM client. Messages are meant to be shown to the user as they are:
 * "Conflict (409): <service message> [code]". They never contain a token, a secret or a raw HTML page.
 */

export type ArmErrorKind = 'http' | 'network' | 'timeout' | 'canceled' | 'parse' | 'security' | 'lro';

/** An `additionalInfo` entry of an ARM error: a type name and a free-form object. */
export interface ErrorAdditionalInfo {
  type?: string;
  info?: unknown;
}

/** One entry of `error.details` in a CloudError / DataShareError body (the shapes are the same). */
export interface ErrorDetail {
  code?: string;
  message?: string;
  target?: string;
  details?: ErrorDetail[];
  additionalInfo?: ErrorAdditionalInfo[];
}

export interface ArmErrorInit {
  kind: ArmErrorKind;
  status?: number;
  code?: string;
  target?: string;
  details?: ErrorDetail[];
  additionalInfo?: ErrorAdditionalInfo[];
  /** The service's own message, without the status and code around it. */
  serviceMessage?: string;
  requestId?: string;
  correlationId?: string;
  /** The response's Retry-After, in ms, when it sent one (throttling, or a busy status URL). */
  retryAfterMs?: number;
  /** For kind `lro`: the terminal state the operation reported, so callers decide from it rather than the text. */
  operationState?: 'Failed' | 'Canceled';
  cause?: unknown;
}

export class ArmError extends Error {
  readonly kind: ArmErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly target?: string;
  readonly details?: ErrorDetail[];
  readonly additionalInfo?: ErrorAdditionalInfo[];
  readonly serviceMessage?: string;
  readonly requestId?: string;
  readonly correlationId?: string;
  readonly retryAfterMs?: number;
  readonly operationState?: 'Failed' | 'Canceled';

  constructor(message: string, init: ArmErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ArmError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.target = init.target;
    this.details = init.details;
    this.additionalInfo = init.additionalInfo;
    this.serviceMessage = init.serviceMessage;
    this.requestId = init.requestId;
    this.correlationId = init.correlationId;
    this.retryAfterMs = init.retryAfterMs;
    this.operationState = init.operationState;
  }
}

export function isArmError(value: unknown): value is ArmError {
  return value instanceof ArmError;
}

const REASON_PHRASES: Record<number, string> = {
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? (status >= 500 ? "Server error" : status >= 400 ? "Request error" : "Unexpected response");
}

/** Extra context per status so a bare error still tells the user what to do next. */
function statusHint(status: number): string {
  switch (status) {
    case 401:
      return 'the sign-in was not accepted; sign in again';
    case 403:
      return 'the signed-in identity lacks permission for this operation';
    case 404:
      return 'the resource was not found';
    case 429:
      return 'Azure is throttling requests; try again later';
    default:
      return status >= 500 ? 'the service had a problem; try again later' : 'the request was rejected';
  }
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function toAdditionalInfo(value: unknown): ErrorAdditionalInfo[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = value
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((rec) => ({ type: asString(rec.type), info: rec.info }));
  return out.length > 0 ? out : undefined;
}

/** One error object of a body (top level or a detail), read field by field; unknown fields are dropped. */
function toErrorBody(rec: Record<string, unknown>, depth: number): ParsedServiceError {
  const parsed: ParsedServiceError = {
    code: asString(rec.code),
    message: asString(rec.message),
    target: asString(rec.target),
    details: toDetails(rec.details, depth + 1),
  };
  const additionalInfo = toAdditionalInfo(rec.additionalInfo);
  if (additionalInfo) parsed.additionalInfo = additionalInfo;
  if (!parsed.details && parsed.code === 'MultipleErrorsOccurred') parsed.details = splitMultipleErrors(parsed.message);
  return parsed;
}

function toDetails(value: unknown, depth: number): ErrorDetail[] | undefined {
  if (!Array.isArray(value) || depth > 5) {
    return undefined;
  }
  const out: ErrorDetail[] = [];
  for (const item of value) {
    if (item && typeof item === 'object') out.push(toErrorBody(item as Record<string, unknown>, depth));
  }
  return out.length > 0 ? out : undefined;
}

const MAX_SPLIT_MESSAGE = 64 * 1024;

/**
 * Container Instances folds several problems into one `MultipleErrorsOccurred` message, each as
 * `'<status>':'<code>':'<message>'` joined by `;` (the messages themselves hold quotes). Each becomes a detail.
 */
export function splitMultipleErrors(message: string | undefined): ErrorDetail[] | undefined {
  // The lazy match rescans from every entry start: a hostile message of megabytes would take quadratic time.
  if (!message || message.length > MAX_SPLIT_MESSAGE) return undefined;
  const entry = /'(\w+)':'(\w+)':'([\s\S]*?)'(?=;'\w+':'\w+':'|\.?\s*$)/g;
  const out: ErrorDetail[] = [];
  for (let m = entry.exec(message); m; m = entry.exec(message)) out.push({ code: m[2], message: m[3] });
  return out.length > 0 ? out : undefined;
}

export interface ParsedServiceError {
  code?: string;
  message?: string;
  target?: string;
  details?: ErrorDetail[];
  additionalInfo?: ErrorAdditionalInfo[];
}

/**
 * Reads a CloudError / DataShareError (`{error:{code,message,target,details}}`), an OData-style
 * top-level `{code,message}`, or an Entra ID token error (`{error, error_description}`).
 */
export function parseServiceError(body: unknown): ParsedServiceError | undefined {
  if (!body || typeof body !== 'object') {
    return undefined;
  }
  const rec = body as Record<string, unknown>;
  const inner = rec.error;
  if (inner && typeof inner === 'object') {
    return toErrorBody(inner as Record<string, unknown>, 0);
  }
  if (typeof inner === 'string') {
    // Entra ID: the description's first line carries the AADSTS code and the reason.
    const description = asString(rec.error_description);
    return { code: inner, message: description?.split(/\r?\n/)[0] };
  }
  if (asString(rec.code) || asString(rec.message)) {
    return toErrorBody(rec, 0);
  }
  // ARM's front door answers some refusals (a 405 for a method a route does not take) in ASP.NET's form,
  // `{"Message": "The requested resource does not support http method 'GET'."}` (hashicorp/terraform-provider-azapi#936).
  if (asString(rec.Message)) {
    return { code: asString(rec.Code), message: asString(rec.Message) };
  }
  return undefined;
}

/**
 * The error a success status carries: a CloudError body (`{"error": {code, message}}`) with nothing beside it that
 * a result has (an ARM resource's `id`/`properties`, a status resource's `status`, a listing's `value`). A status
 * resource reports a failed operation as `{status: "Failed", error}`: that is a status, read by the poller.
 */
export function errorInSuccessBody(body: unknown): ParsedServiceError | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const rec = body as Record<string, unknown>;
  if (!rec.error || typeof rec.error !== 'object' || Array.isArray(rec.error)) return undefined;
  if (['id', 'properties', 'status', 'value'].some((key) => rec[key] !== undefined)) return undefined;
  const parsed = toErrorBody(rec.error as Record<string, unknown>, 0);
  return parsed.code || parsed.message ? parsed : undefined;
}

/** "Azure answered 200 with an error: message [code]": a 2xx whose body is an error is a failure, never a success. */
export function errorFromSuccessBody(status: number, parsed: ParsedServiceError, ids: { requestId?: string; correlationId?: string } = {}): ArmError {
  const message = parsed.message?.trim() || 'no message was given';
  return new ArmError(`Azure answered ${status} with an error: ${message}${parsed.code ? ` [${parsed.code}]` : ''}`, {
    kind: 'http',
    status,
    code: parsed.code,
    target: parsed.target,
    details: parsed.details,
    additionalInfo: parsed.additionalInfo,
    serviceMessage: parsed.message?.trim() || undefined,
    ...ids,
  });
}

/** True for the error thrown on a 2xx whose body is an error (see errorFromSuccessBody). */
export function isErrorInSuccess(err: unknown): boolean {
  return err instanceof ArmError && err.kind === 'http' && err.status !== undefined && err.status >= 200 && err.status < 300;
}

/** "Conflict (409): message [code]" with a fallback when the service sent no message. */
export function formatHttpMessage(status: number, parsed: ParsedServiceError | undefined): string {
  const head = `${reasonPhrase(status)} (${status})`;
  const message = parsed?.message?.trim() || statusHint(status);
  const code = parsed?.code ? ` [${parsed.code}]` : '';
  return `${head}: ${message}${code}`;
}

export interface ErrorResponseInfo {
  status: number;
  contentType: string;
  text: string;
  requestId?: string;
  correlationId?: string;
  retryAfterMs?: number;
}

/** Builds the ArmError for a non-success response, whatever its body looks like. */
export function errorFromResponse(info: ErrorResponseInfo): ArmError {
  const ids = { requestId: info.requestId, correlationId: info.correlationId, retryAfterMs: info.retryAfterMs };
  const trimmed = info.text.trim();
  let parsed: ParsedServiceError | undefined;
  let jsonOk = false;
  if (trimmed.length > 0) {
    try {
      parsed = parseServiceError(JSON.parse(trimmed));
      jsonOk = true;
    } catch {
      jsonOk = false;
    }
  }
  if (trimmed.length > 0 && !jsonOk) {
    // An HTML page from a gateway or a truncated body: say what arrived, never echo it.
    const type = info.contentType ? info.contentType.split(';')[0].trim() : 'unknown content type';
    const message = `${reasonPhrase(info.status)} (${info.status}): ${statusHint(info.status)} (the response was ${type}, not a JSON error)`;
    return new ArmError(message, { kind: 'http', status: info.status, ...ids });
  }
  return new ArmError(formatHttpMessage(info.status, parsed), {
    kind: 'http',
    status: info.status,
    code: parsed?.code,
    target: parsed?.target,
    details: parsed?.details,
    additionalInfo: parsed?.additionalInfo,
    serviceMessage: parsed?.message?.trim() || undefined,
    ...ids,
  });
}

/** True for a cancellation (the user's, or an abort): never an error to show. */
export function isCancellation(err: unknown): boolean {
  if (err instanceof ArmError) return err.kind === 'canceled';
  if (!(err instanceof Error)) return false;
  // VS Code's CancellationError carries this name (core cannot import its type). An AbortError is not taken for the
  // user's cancel: an abort used as a timeout that escaped unmapped must still be shown.
  return err.name === 'Canceled';
}

/** The one way any caught value becomes text for the user: an Error's message, else its string form. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'string') return err;
  try {
    return String(err);
  } catch {
    return 'Unknown error';
  }
}
