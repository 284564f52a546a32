/** A response's body as the client reads it: JSON or nothing on success, and an error body kept free of secrets. */
import { ArmError, errorInSuccessBody } from './errors';
import { redactText } from './redact';

/** One HTTP answer as read off the wire (lower-cased headers, the whole body as text). */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** The error of a 2xx body read again after the same secret redaction as an error reply's (a service may echo the request). */
export function redactedError(text: string): ReturnType<typeof errorInSuccessBody> {
  try {
    return errorInSuccessBody(JSON.parse(redactText(text, [])));
  } catch {
    return undefined;
  }
}

export function parseSuccessBody<T>(raw: RawResponse, requestId?: string, correlationId?: string): T {
  if (raw.text.trim().length === 0) {
    return undefined as T;
  }
  try {
    return JSON.parse(raw.text) as T;
  } catch {
    const type = (raw.headers['content-type'] ?? 'unknown content type').split(';')[0].trim();
    throw new ArmError(
      `ARM answered ${raw.status} but the body could not be read as JSON (${type}, ${raw.text.length} characters); it may have been cut off.`,
      { kind: 'parse', status: raw.status, requestId, correlationId },
    );
  }
}
