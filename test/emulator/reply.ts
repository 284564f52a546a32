// Response values produced by route handlers. Handlers never touch the socket: the server decides
// how to write (or, for socket faults, not write) a reply, which keeps fault handling in one place.

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A socket-level outcome instead of an HTTP reply. */
export type SocketAction = { kind: 'reset' } | { kind: 'hang' };

export type HandlerResult = Reply | SocketAction;

export function isSocketAction(r: HandlerResult): r is SocketAction {
  return (r as SocketAction).kind !== undefined;
}

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

export function textReply(status: number, text: string, contentType = 'text/plain; charset=utf-8'): Reply {
  return { status, headers: { 'content-type': contentType }, body: text };
}

export interface ErrorInfo {
  code: string;
  message: string;
  target?: string;
  details?: ErrorInfo[];
}

/** ARM CloudError body (Container Instances and ARM front door). */
export function cloudError(status: number, info: ErrorInfo, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { error: info }, headers);
}

/** Data Share error body; same JSON shape as CloudError but code and message are always present. */
export function dataShareError(status: number, info: ErrorInfo, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { error: info }, headers);
}

/** The HTML page a gateway in front of ARM may return instead of JSON. */
export function htmlGatewayError(): Reply {
  const page =
    '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>' +
    '<body><h1>502 Bad Gateway</h1><p>The server returned an invalid or incomplete response.</p></body></html>\n';
  return textReply(502, page, 'text/html; charset=utf-8');
}
