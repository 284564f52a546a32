/**
 * A Data Share client built the way AutoRest builds one, from the official @azure/core-client (ServiceClient,
 * operation specs, the serializer) and @azure/core-lro (createHttpPoller with the swagger's final-state-via), for the
 * operations the product uses. Every answer is also checked against its mapper: a required field missing, a value
 * outside a swagger enum, a date that is no date or a number that is no number fails the call.
 */
import { ServiceClient, createSerializer, type CompositeMapper, type Mapper, type OperationArguments, type OperationSpec, type FullOperationResponse } from '@azure/core-client';
import { createHttpPoller, type LroResponse, type LroResourceLocationConfig, type OperationState } from '@azure/core-lro';
import * as Mappers from './dataShareMappers';

export const API_VERSION = '2021-08-01';
const serializer = createSerializer(Mappers, false);
const MAPPERS = Mappers as unknown as Record<string, CompositeMapper>;

/** Where the answer breaks its mapper (empty when it conforms). */
export function conformance(mapper: Mapper, value: unknown, path = '$'): string[] {
  if (value === undefined || value === null) return mapper.required ? [`${path} is required`] : [];
  const type = mapper.type as { name: string; className?: string; allowedValues?: string[]; element?: Mapper; modelProperties?: Record<string, Mapper> };
  switch (type.name) {
    case 'String':
      return typeof value === 'string' ? [] : [`${path} is not a string`];
    case 'Number':
      return typeof value === 'number' ? [] : [`${path} is not a number`];
    case 'DateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? [] : [`${path} is not a date-time`];
    case 'Enum':
      return typeof value === 'string' && type.allowedValues!.includes(value) ? [] : [`${path} ${JSON.stringify(value)} is not one of ${type.allowedValues!.join('|')}`];
    case 'Sequence':
      return Array.isArray(value) ? value.flatMap((v, i) => conformance(type.element!, v, `${path}[${i}]`)) : [`${path} is not an array`];
    case 'Composite': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${path} is not an object`];
      const props = type.modelProperties ?? MAPPERS[type.className!].type.modelProperties ?? {};
      return Object.values(props).flatMap((p) => {
        const at = p.serializedName!.split('.');
        const v = at.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), value);
        return conformance(p, v, `${path}.${p.serializedName}`);
      });
    }
    default:
      return [];
  }
}

const param = (name: string) => ({ parameterPath: name, mapper: { serializedName: name, required: true, type: { name: 'String' } } as Mapper });
const URL_PARAMS = [
  { parameterPath: '$host', mapper: { serializedName: '$host', required: true, type: { name: 'String' } } as Mapper, skipEncoding: true },
  param('subscriptionId'),
  param('resourceGroupName'),
  param('accountName'),
  param('shareSubscriptionName'),
];
const QUERY = [
  { parameterPath: 'apiVersion', mapper: { serializedName: 'api-version', isConstant: true, defaultValue: API_VERSION, type: { name: 'String' } } as Mapper },
  { parameterPath: ['options', 'filter'], mapper: { serializedName: '$filter', type: { name: 'String' } } as Mapper },
  { parameterPath: ['options', 'orderby'], mapper: { serializedName: '$orderby', type: { name: 'String' } } as Mapper },
];
const SHARE_SUBSCRIPTION = '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.DataShare/accounts/{accountName}/shareSubscriptions/{shareSubscriptionName}';
const errors = { default: { bodyMapper: Mappers.DataShareError } };

/** One operation of the swagger: its method, path under the share subscription (or from the root when it starts with /subscriptions), answers and body. */
export function spec(httpMethod: OperationSpec['httpMethod'], tail: string, responses: OperationSpec['responses'], body?: { name: string; mapper: Mapper }): OperationSpec {
  const path = tail.startsWith('/subscriptions/') ? tail : `${SHARE_SUBSCRIPTION}${tail}`;
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return {
    path,
    httpMethod,
    responses: { ...responses, ...errors },
    urlParameters: [URL_PARAMS[0], ...names.map((n) => URL_PARAMS.find((p) => p.parameterPath === n) ?? param(n))],
    queryParameters: QUERY,
    headerParameters: [{ parameterPath: 'accept', mapper: { serializedName: 'Accept', isConstant: true, defaultValue: 'application/json', type: { name: 'String' } } }],
    requestBody: body ? { parameterPath: body.name, mapper: { ...body.mapper, required: true } } : undefined,
    mediaType: body ? 'json' : undefined,
    serializer,
  };
}

/** The status URL's answer (OperationResponse) while an operation runs. */
const POLL_SPEC: OperationSpec = {
  path: '',
  httpMethod: 'GET',
  responses: { 200: { bodyMapper: Mappers.OperationResponse }, 202: { bodyMapper: Mappers.OperationResponse }, ...errors },
  headerParameters: [{ parameterPath: 'accept', mapper: { serializedName: 'Accept', isConstant: true, defaultValue: 'application/json', type: { name: 'String' } } }],
  serializer,
};

export interface ShareSubscriptionArgs {
  [name: string]: unknown;
  subscriptionId: string;
  resourceGroupName: string;
  accountName: string;
  shareSubscriptionName: string;
}

export class DataShareSdkClient extends ServiceClient {
  /** Mapper breaches seen, per request ("GET /…: $.value[0].status is required"). */
  readonly breaches: string[] = [];

  constructor(
    readonly endpoint: string,
    token: () => string,
  ) {
    super({ baseUri: endpoint, allowInsecureConnection: true, retryOptions: { maxRetries: 0 } });
    // The emulator is http on 127.0.0.1, where the bearer policy refuses to send a token: set it directly.
    this.pipeline.addPolicy({ name: 'emulatorToken', sendRequest: (req, next) => (req.headers.set('authorization', `Bearer ${token()}`), next(req)) });
  }

  /** Sends one operation; the raw answer is checked against the mapper of its status code. */
  async send<T>(args: OperationArguments, operation: OperationSpec): Promise<LroResponse<T>> {
    let raw: FullOperationResponse | undefined;
    const flat = (await this.sendOperationRequest<T>({ ...args, options: { ...args.options, onResponse: (r) => (raw = r) } }, operation)) as T;
    const response = raw!;
    const mapper = (operation.responses[response.status] ?? operation.responses.default)?.bodyMapper;
    // The wire's JSON, not parsedBody (which the serializer has already turned into Dates).
    const wire: unknown = response.bodyAsText ? JSON.parse(response.bodyAsText) : undefined;
    if (mapper && wire !== undefined) {
      this.breaches.push(...conformance(mapper, wire).map((b) => `${response.request.method} ${new URL(response.request.url).pathname} ${response.status}: ${b}`));
    }
    return { flatResponse: flat, rawResponse: { statusCode: response.status, headers: response.headers.toJSON(), body: response.parsedBody } };
  }

  /** A pageable operation: every page's items, continued at nextLink with the same method and body. */
  async listAll<T>(args: OperationArguments, operation: OperationSpec): Promise<T[]> {
    const items: T[] = [];
    let page = (await this.send<{ value: T[]; nextLink?: string }>(args, operation)).flatResponse;
    items.push(...page.value);
    for (let n = 0; page.nextLink && n < 1000; n++) {
      // Data Share's POST listings are continued by POST with their body (GET is refused, Azure/azure-cli-extensions#8275).
      page = (await this.send<{ value: T[]; nextLink?: string }>({ ...args, options: {} }, { ...operation, path: page.nextLink, urlParameters: [], queryParameters: [] })).flatResponse;
      items.push(...page.value);
    }
    return items;
  }

  /** A long-running operation followed by core-lro with the swagger's final-state-via (none: core-lro's default). */
  async lro<T>(args: OperationArguments, operation: OperationSpec, finalStateVia?: LroResourceLocationConfig): Promise<{ result: T; initial: LroResponse<T>; polls: number }> {
    let initial: LroResponse<T> | undefined;
    let polls = 0;
    const poller = await createHttpPoller<T, OperationState<T>>(
      {
        requestPath: `${this.endpoint}${(operation.path ?? '').replace(/\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(String(args[k])))}?api-version=${API_VERSION}`,
        requestMethod: operation.httpMethod,
        sendInitialRequest: async () => (initial = await this.send<T>(args, operation)),
        sendPollRequest: async (path) => {
          polls++;
          // A status URL answers OperationResponse; a PUT is read again at its own URL.
          const pollSpec = /\/operationResults\//i.test(path) ? POLL_SPEC : { ...operation, httpMethod: 'GET' as const, requestBody: undefined, mediaType: undefined };
          return this.send<T>({ ...args, options: {} }, { ...pollSpec, path, urlParameters: [], queryParameters: [] });
        },
      },
      { intervalInMs: 1, resourceLocationConfig: finalStateVia },
    );
    const result = await poller.pollUntilDone();
    return { result, initial: initial!, polls };
  }
}
