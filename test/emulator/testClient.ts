// Tiny client helpers for tests that talk to the emulator over real sockets (Node's global fetch).
export interface ArmResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined when the body is not JSON. */
  json: any;
}

export async function getToken(baseUrl: string, tenant = 'tenant-1'): Promise<string> {
  const res = await fetch(`${baseUrl}/${tenant}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'app', client_secret: 'not-a-real-secret', scope: 'https://management.azure.com/.default' }),
  });
  if (res.status !== 200) throw new Error(`token request failed with ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function armRequest(
  baseUrl: string,
  token: string | undefined,
  method: string,
  pathOrUrl: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ArmResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(pathOrUrl.startsWith('http') ? pathOrUrl : baseUrl + pathOrUrl, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const ACI_PATH = (name: string, sub = 'sub-1', rg = 'rg-1'): string =>
  `/subscriptions/${sub}/resourceGroups/${rg}/providers/Microsoft.ContainerInstance/containerGroups/${name}?api-version=2023-05-01`;

export const SHARE_PATH = (shareSubscription: string, action: string, account = 'acct-1', sub = 'sub-1', rg = 'rg-1'): string =>
  `/subscriptions/${sub}/resourceGroups/${rg}/providers/Microsoft.DataShare/accounts/${account}/shareSubscriptions/${shareSubscription}/${action}?api-version=2021-08-01`;

/** Smallest valid container group body. */
export function minimalGroup(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    location: 'westeurope',
    properties: {
      osType: 'Linux',
      containers: [{ name: 'app', properties: { image: 'nginx:1.27', resources: { requests: { cpu: 1, memoryInGB: 1.5 } } } }],
      ...extra,
    },
  };
}
