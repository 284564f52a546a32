// Route table and the ARM request pipeline: authentication, api-version, faults, handler, ARM headers.
import type { IncomingHttpHeaders } from 'node:http';
import { EmulatorState, RequestContext } from './context';
import { ACI_API_VERSION, ACI_OPERATIONS_API_VERSION, getContainerGroup, getOperationStatus, putContainerGroup } from './containerGroups';
import { ACI_API_VERSIONS } from './containerGroupSchema';
import { listContainerGroupsByResourceGroup } from './containerGroupList';
import { PROFILES_API_VERSIONS, deleteContainerInstanceResource, getContainerInstanceResource, putContainerInstanceResource } from './containerInstanceResources';
import { listContainerLogs } from './containerGroupLogs';
import { listCachedImages, listCapabilities, listUsages } from './containerLocations';
import { attachContainer, execContainer } from './containerExec';
import { deleteContainerGroup, restartContainerGroup, startContainerGroup, stopContainerGroup } from './containerGroupActions';
import {
  DATA_SHARE_API_VERSION,
  listSourceShareSynchronizationSettings,
  listSynchronizationDetails,
  listSynchronizations,
} from './dataShare';
import { cancelSynchronization, deleteTrigger, getTrigger, listTriggers, operationResult, putTrigger, synchronize } from './dataShareLive';
import { listConsumerSourceDataSets, listDataSetMappings, putDataSetMapping } from './dataShareLandings';
import { QuotaKind } from './armHeaders';
import { DEPLOYMENTS_API_VERSION, cancelDeployment, getDeployment, getDeploymentOperation, getDeploymentStatus, listDeploymentOperations, putDeployment } from './deployments';
import { getWhatIfResult, postWhatIf } from './deploymentWhatif';
import * as pick from './pickLists';
import { FAULT_HEADER, FAULT_NAMES, FaultName, TRANSIENT_FAULT_TIMES, isFaultName } from './faults';
import { HandlerResult, Reply, cloudError, htmlGatewayError, isSocketAction, jsonReply, textReply } from './reply';

export interface IncomingRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface ArmRoute {
  pattern: RegExp;
  methods: Record<string, (ctx: RequestContext) => Reply>;
  /** The api-versions the route serves (the first named in errors' lists). */
  apiVersion: string | readonly string[];
  /** Name whose `fault-<name>` part selects a per-resource fault. */
  resourceName: (params: Record<string, string>, state: EmulatorState) => string | undefined;
}

const RG_PREFIX = `^/subscriptions/(?<subscriptionId>[^/]+)/resourceGroups/(?<resourceGroup>[^/]+)/providers/`;
const SHARE_SUBSCRIPTION = `${RG_PREFIX}Microsoft\\.DataShare/accounts/(?<account>[^/]+)/shareSubscriptions/(?<shareSubscription>[^/]+)/`;

const DEPLOYMENT = `${RG_PREFIX}Microsoft\\.Resources/deployments/(?<deploymentName>[^/]+)`;
/**
 * The deployment operations as the 2021-04-01 swagger declares them (DeploymentOperations_List/_Get): under
 * `resourcegroups/{rg}/deployments/{name}`, no `providers/` segment; @azure/arm-resources sends this form.
 */
const DEPLOYMENT_OPERATIONS = `^/subscriptions/(?<subscriptionId>[^/]+)/resourceGroups/(?<resourceGroup>[^/]+)/(?:providers/Microsoft\\.Resources/)?deployments/(?<deploymentName>[^/]+)/operations`;

const ARM_ROUTES: ArmRoute[] = [
  ...(
    [
      ['', { PUT: putDeployment, GET: getDeployment }],
      ['/operationStatuses/(?<operationId>[^/]+)', { GET: getDeploymentStatus }],
      ['/whatIf', { POST: postWhatIf }],
      ['/cancel', { POST: cancelDeployment }],
    ] as const
  ).map(
    ([suffix, methods]): ArmRoute => ({
      pattern: new RegExp(`${DEPLOYMENT}${suffix}$`, 'i'),
      methods,
      apiVersion: DEPLOYMENTS_API_VERSION,
      resourceName: (p) => p.deploymentName,
    }),
  ),
  ...(
    [
      ['', { GET: listDeploymentOperations }],
      ['/(?<operationId>[^/]+)', { GET: getDeploymentOperation }],
    ] as const
  ).map(
    ([suffix, methods]): ArmRoute => ({
      pattern: new RegExp(`${DEPLOYMENT_OPERATIONS}${suffix}$`, 'i'),
      methods,
      apiVersion: DEPLOYMENTS_API_VERSION,
      resourceName: (p) => p.deploymentName,
    }),
  ),
  {
    pattern: /^\/subscriptions\/(?<subscriptionId>[^/]+)\/operationresults\/(?<operationId>[^/]+)$/i,
    methods: { GET: getWhatIfResult },
    apiVersion: DEPLOYMENTS_API_VERSION,
    resourceName: () => undefined,
  },
  {
    pattern: new RegExp(`${RG_PREFIX}Microsoft\\.ContainerInstance/containerGroups/(?<name>[^/]+)$`, 'i'),
    methods: { PUT: putContainerGroup, GET: getContainerGroup, DELETE: deleteContainerGroup },
    apiVersion: ACI_API_VERSIONS,
    resourceName: (p) => p.name,
  },
  {
    pattern: new RegExp(`${RG_PREFIX}Microsoft\\.ContainerInstance/(?<collection>containerGroupProfiles|ngroups)/(?<name>[^/]+)$`, 'i'),
    methods: { PUT: putContainerInstanceResource, GET: getContainerInstanceResource, DELETE: deleteContainerInstanceResource },
    apiVersion: PROFILES_API_VERSIONS,
    resourceName: (p) => p.name,
  },
  ...(
    [
      ['start', startContainerGroup],
      ['stop', stopContainerGroup],
      ['restart', restartContainerGroup],
    ] as const
  ).map(
    ([action, handler]): ArmRoute => ({
      pattern: new RegExp(`${RG_PREFIX}Microsoft\\.ContainerInstance/containerGroups/(?<name>[^/]+)/${action}$`, 'i'),
      methods: { POST: handler },
      apiVersion: ACI_API_VERSION,
      resourceName: (p) => p.name,
    }),
  ),
  {
    pattern: new RegExp(`${RG_PREFIX}Microsoft\\.ContainerInstance/containerGroups/(?<name>[^/]+)/containers/(?<containerName>[^/]+)/logs$`, 'i'),
    methods: { GET: listContainerLogs },
    apiVersion: ACI_API_VERSION,
    resourceName: (p) => p.name,
  },
  ...(
    [
      ['exec', execContainer],
      ['attach', attachContainer],
    ] as const
  ).map(
    ([action, handler]): ArmRoute => ({
      pattern: new RegExp(`${RG_PREFIX}Microsoft\\.ContainerInstance/containerGroups/(?<name>[^/]+)/containers/(?<containerName>[^/]+)/${action}$`, 'i'),
      methods: { POST: handler },
      apiVersion: ACI_API_VERSION,
      resourceName: (p) => p.name,
    }),
  ),
  {
    pattern: new RegExp(`${RG_PREFIX}Microsoft\\.ContainerInstance/containerGroups$`, 'i'),
    methods: { GET: listContainerGroupsByResourceGroup },
    apiVersion: ACI_API_VERSION,
    resourceName: () => undefined,
  },
  ...(
    [
      ['capabilities', listCapabilities],
      ['usages', listUsages],
      ['cachedImages', listCachedImages],
    ] as const
  ).map(
    ([what, handler]): ArmRoute => ({
      pattern: new RegExp(`^/subscriptions/(?<subscriptionId>[^/]+)/providers/Microsoft\\.ContainerInstance/locations/(?<location>[^/]+)/${what}$`, 'i'),
      methods: { GET: handler },
      apiVersion: ACI_API_VERSIONS,
      resourceName: () => undefined,
    }),
  ),
  {
    pattern: /^\/subscriptions\/(?<subscriptionId>[^/]+)\/providers\/Microsoft\.ContainerInstance\/locations\/(?<location>[^/]+)\/operations\/(?<operationId>[^/]+)$/i,
    methods: { GET: getOperationStatus },
    apiVersion: ACI_OPERATIONS_API_VERSION,
    resourceName: (p, state) => state.lro.get(p.operationId)?.groupName,
  },
  ...(
    [
      [/^\/tenants$/i, pick.listTenants, pick.SUBSCRIPTIONS_API_VERSION],
      [/^\/subscriptions$/i, pick.listSubscriptions, pick.SUBSCRIPTIONS_API_VERSION],
      [/^\/subscriptions\/(?<subscriptionId>[^/]+)\/resourcegroups$/i, pick.listResourceGroups, pick.RESOURCE_GROUPS_API_VERSION],
      [/^\/subscriptions\/(?<subscriptionId>[^/]+)\/locations$/i, pick.listLocations, pick.SUBSCRIPTIONS_API_VERSION],
      [/^\/subscriptions\/(?<subscriptionId>[^/]+)\/providers\/Microsoft\.DataShare\/accounts$/i, pick.listDataShareAccounts, DATA_SHARE_API_VERSION],
      [new RegExp(`${RG_PREFIX}Microsoft\\.DataShare/accounts/(?<account>[^/]+)/shareSubscriptions$`, 'i'), pick.listShareSubscriptions, DATA_SHARE_API_VERSION],
    ] as const
  ).map(([pattern, handler, apiVersion]): ArmRoute => ({ pattern, methods: { GET: handler }, apiVersion, resourceName: () => undefined })),
  ...(
    [
      ['listSynchronizations', listSynchronizations],
      ['listSynchronizationDetails', listSynchronizationDetails],
      ['listSourceShareSynchronizationSettings', listSourceShareSynchronizationSettings],
    ] as const
  ).map(
    ([action, handler]): ArmRoute => ({
      pattern: new RegExp(`${SHARE_SUBSCRIPTION}${action}$`, 'i'),
      methods: { POST: handler, GET: handler },
      apiVersion: DATA_SHARE_API_VERSION,
      resourceName: (p) => p.shareSubscription,
    }),
  ),
  ...(
    [
      ['synchronize', { POST: synchronize }],
      ['cancelSynchronization', { POST: cancelSynchronization }],
      ['operationResults/(?<operationId>[^/]+)', { GET: operationResult }],
      ['triggers', { GET: listTriggers }],
      ['triggers/(?<trigger>[^/]+)', { GET: getTrigger, PUT: putTrigger, DELETE: deleteTrigger }],
      ['triggers/(?<trigger>[^/]+)/operationResults/(?<operationId>[^/]+)', { GET: operationResult }],
      ['dataSetMappings', { GET: listDataSetMappings }],
      ['dataSetMappings/(?<mapping>[^/]+)', { PUT: putDataSetMapping }],
      ['consumerSourceDataSets', { GET: listConsumerSourceDataSets }],
    ] as const
  ).map(
    ([action, methods]): ArmRoute => ({
      pattern: new RegExp(`${SHARE_SUBSCRIPTION}${action}$`, 'i'),
      methods,
      apiVersion: DATA_SHARE_API_VERSION,
      resourceName: (p) => p.shareSubscription,
    }),
  ),
];

const TOKEN_ROUTE = /^\/(?<tenant>[^/]+)\/oauth2\/v2\.0\/token$/i;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function route(state: EmulatorState, req: IncomingRequest): HandlerResult {
  const path = req.url.pathname;
  if (path === '/healthz' && req.method === 'GET') return textReply(200, 'ok');

  if (TOKEN_ROUTE.test(path)) {
    if (req.method !== 'POST') return jsonReply(405, { error: 'invalid_request', error_description: 'The token endpoint only accepts POST.' });
    // Only an explicit per-request header makes the token endpoint misbehave; run-wide faults target ARM.
    const fault = header(req.headers, FAULT_HEADER);
    if (fault && isFaultName(fault)) {
      const faulted = genericFault(state, fault, `${fault}|token|${path.toLowerCase()}`);
      if (faulted) return faulted;
    }
    return state.tokens.issue(req.body.toString('utf8'), header(req.headers, 'content-type'));
  }

  for (const r of ARM_ROUTES) {
    const match = r.pattern.exec(path);
    if (match) return armPipeline(state, req, r, decodeParams(match.groups ?? {}));
  }
  return withArmHeaders(state, req, undefined, undefined, cloudError(404, { code: 'InvalidResourceType', message: `No route matches '${req.method} ${path}'.` }));
}

function decodeParams(groups: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, decodeURIComponent(v)]));
}

function armPipeline(state: EmulatorState, req: IncomingRequest, r: ArmRoute, params: Record<string, string>): HandlerResult {
  const subscriptionId = params.subscriptionId;
  // ARM counts every method but GET as a write: the Data Share POST listings answer with
  // x-ms-ratelimit-remaining-subscription-writes (Azure/azure-cli-extensions, src/datashare/azext_datashare/
  // tests/latest/recordings/test_datashare.yaml: listSynchronizations and listSourceShareSynchronizationSettings).
  // A DELETE answers with the deletes counter (recording_containergroups_delete_test.json, containerGroupActions.ts).
  const quotaKind: QuotaKind = req.method === 'GET' ? 'reads' : req.method === 'DELETE' ? 'deletes' : 'writes';
  const finish = (reply: Reply): Reply => withArmHeaders(state, req, subscriptionId, quotaKind, reply);

  const handler = r.methods[req.method];
  if (!handler) {
    return finish(cloudError(405, { code: 'HttpMethodNotAllowed', message: `The method '${req.method}' is not allowed on this resource.` }));
  }
  const auth = state.tokens.authenticate(header(req.headers, 'authorization'), state.baseUrl);
  if (!auth.ok) return finish(auth.reply);

  const apiVersion = req.url.searchParams.get('api-version');
  if (!apiVersion) {
    return finish(cloudError(400, { code: 'MissingApiVersionParameter', message: "The api-version query parameter (?api-version=) is required for all requests." }));
  }
  const supported = typeof r.apiVersion === 'string' ? [r.apiVersion] : r.apiVersion;
  if (!supported.includes(apiVersion)) {
    return finish(cloudError(400, { code: 'InvalidApiVersionParameter', message: `The api-version '${apiVersion}' is invalid. The supported versions are '${supported.join(',')}'.` }));
  }

  const headerFault = header(req.headers, FAULT_HEADER);
  if (headerFault && headerFault !== 'none' && !isFaultName(headerFault)) {
    return finish(cloudError(400, { code: 'UnknownEmulatorFault', message: `Unknown fault '${headerFault}'. Known faults: ${FAULT_NAMES.join(', ')}.` }));
  }
  const fault = state.faults.resolve(headerFault, r.resourceName(params, state));
  if (fault === 'api-version-unregistered' && supported === ACI_API_VERSIONS && apiVersion !== ACI_API_VERSIONS[0]) return finish(unregisteredVersion(apiVersion));
  const faulted = fault ? genericFault(state, fault, `${fault}|${req.url.pathname.toLowerCase()}`) : undefined;
  if (faulted) return isSocketAction(faulted) ? faulted : finish(faulted);

  const ctx: RequestContext = { state, method: req.method, url: req.url, headers: req.headers, body: req.body, params, token: auth.token, fault };
  let reply = handler(ctx);
  if (fault === 'malformed-json' && reply.status >= 200 && reply.status < 300) {
    reply = { ...reply, body: reply.body.slice(0, Math.max(1, Math.floor(reply.body.length / 2))) };
  }
  return finish(reply);
}

/**
 * A cloud or region that has not registered the newer container group versions (Azure China answering
 * 2024-05-01-preview, Azure/azure-cli#30847 and #30444): HTTP 400 NoRegisteredProviderFound, listing what it has.
 */
function unregisteredVersion(apiVersion: string): Reply {
  return cloudError(400, {
    code: 'NoRegisteredProviderFound',
    message: `No registered resource provider found for location 'chinanorth3' and API version '${apiVersion}' for type 'containerGroups'. The supported api-versions are '2021-10-01, 2022-09-01, ${ACI_API_VERSIONS[0]}'. The supported locations are 'chinaeast2, chinanorth3'.`,
  });
}

/** Faults that replace the whole reply, independent of the route. Returns undefined when the request proceeds. */
function genericFault(state: EmulatorState, fault: FaultName, counterKey: string): HandlerResult | undefined {
  const retry = { 'retry-after': String(state.settings.retryAfterSeconds) };
  switch (fault) {
    case '429':
      return state.faults.take(counterKey, TRANSIENT_FAULT_TIMES)
        ? cloudError(429, { code: 'TooManyRequests', message: 'The request was throttled. Retry after the interval in the Retry-After header.' }, retry)
        : undefined;
    case '503':
      return state.faults.take(counterKey, TRANSIENT_FAULT_TIMES)
        ? cloudError(503, { code: 'ServiceUnavailable', message: 'The service is temporarily unavailable. Retry after the interval in the Retry-After header.' }, retry)
        : undefined;
    case 'reset':
      return state.faults.take(counterKey, TRANSIENT_FAULT_TIMES) ? { kind: 'reset' } : undefined;
    case 'hang':
      return { kind: 'hang' };
    case 'html-error':
      return htmlGatewayError();
    default:
      return undefined; // route-specific faults are applied by the handlers
  }
}

function withArmHeaders(state: EmulatorState, req: IncomingRequest, subscriptionId: string | undefined, quota: QuotaKind | undefined, reply: Reply): Reply {
  const headers = { ...state.armHeaders.ids(header(req.headers, 'x-ms-correlation-request-id')) };
  if (subscriptionId && quota) Object.assign(headers, state.armHeaders.quota(subscriptionId, quota));
  return { ...reply, headers: { ...headers, ...reply.headers } };
}
