// Request-side shape of a ContainerGroup at each api-version the emulator serves, as a small schema tree the
// validator walks. Read-only fields are not listed: ARM ignores them in requests.
// Sources: azure-rest-api-specs, specification/containerinstance/resource-manager/Microsoft.ContainerInstance/
// ContainerInstance/stable/2023-05-01/containerInstance.json and stable/2025-09-01/containerInstance.json
// (commit 037aa1571a00119bedc6cec175e1ccf5d65c3965) and preview/2026-06-01-preview/containerInstance.json
// (commit 1ea2d7076883c55d4deb08481251ffbcb616097b). 2025-09-01 adds secretReferences, identityAcls,
// containerGroupProfile, standbyPoolProfile, a container's configMap, secureValueReference, passwordReference,
// storageAccountKeyReference and secretReference volumes, the sku NotSpecified, and requires only `containers`
// of the group's properties and nothing of a container's (a group from a container group profile takes them from
// the profile).
// A member a version lacks: no recorded error refuses one (the service reads the body leniently, as the published
// examples of older versions carrying newer members show no error on record), so neither does the emulator.

export type Schema =
  | { t: 'string' }
  | { t: 'number' }
  | { t: 'integer' }
  | { t: 'boolean' }
  | { t: 'enum'; values: readonly string[] }
  | { t: 'array'; items: Schema }
  | { t: 'object'; props: Record<string, Schema>; required?: readonly string[]; values?: Schema }
  | { t: 'any' };

const str: Schema = { t: 'string' };
const num: Schema = { t: 'number' };
const int: Schema = { t: 'integer' };
const bool: Schema = { t: 'boolean' };
const strArray: Schema = { t: 'array', items: str };
const anyObject: Schema = { t: 'object', props: {}, values: { t: 'any' } };
const stringMap: Schema = { t: 'object', props: {}, values: str };
const en = (...values: string[]): Schema => ({ t: 'enum', values });
const obj = (props: Record<string, Schema>, required: readonly string[] = []): Schema => ({ t: 'object', props, required });
const arr = (items: Schema): Schema => ({ t: 'array', items });

const gpu = obj({ count: int, sku: en('K80', 'P100', 'V100') }, ['count', 'sku']);
/** The api-versions of Microsoft.ContainerInstance/containerGroups the emulator serves, oldest first. */
export const ACI_API_VERSIONS = ['2023-05-01', '2025-09-01', '2026-06-01-preview'] as const;
export type AciApiVersion = (typeof ACI_API_VERSIONS)[number];

const environmentVariable = obj({ name: str, value: str, secureValue: str }, ['name']);
const volumeMount = obj({ name: str, mountPath: str, readOnly: bool }, ['name', 'mountPath']);
const securityContext = obj({
  privileged: bool,
  allowPrivilegeEscalation: bool,
  capabilities: obj({ add: strArray, drop: strArray }),
  runAsGroup: int,
  runAsUser: int,
  seccompProfile: str,
});
const probe = obj({
  exec: obj({ command: strArray }),
  httpGet: obj(
    { path: str, port: int, scheme: en('http', 'https'), httpHeaders: arr(obj({ name: str, value: str })) },
    ['port'],
  ),
  initialDelaySeconds: int,
  periodSeconds: int,
  failureThreshold: int,
  successThreshold: int,
  timeoutSeconds: int,
});

/** The request schema of one api-version. */
function buildSchema(version: AciApiVersion): Schema {
  // 2026-06-01-preview's container group body reads as 2025-09-01's (same definitions at the commit above).
  const v2025 = version !== '2023-05-01';
  const env = v2025 ? obj({ name: str, value: str, secureValue: str, secureValueReference: str }, ['name']) : environmentVariable;
  const only = <T extends object>(props: T): T | Record<string, never> => (v2025 ? props : {});
const container = obj(
  {
    name: str,
    properties: obj(
      {
        image: str,
        command: strArray,
        ports: arr(obj({ port: int, protocol: en('TCP', 'UDP') }, ['port'])),
        environmentVariables: arr(env),
        resources: obj(
          {
            requests: obj({ cpu: num, memoryInGB: num, gpu }, ['cpu', 'memoryInGB']),
            limits: obj({ cpu: num, memoryInGB: num, gpu }),
          },
          ['requests'],
        ),
        volumeMounts: arr(volumeMount),
        livenessProbe: probe,
        readinessProbe: probe,
        securityContext,
        ...only({ configMap: obj({ keyValuePairs: stringMap }) }),
      },
      v2025 ? [] : ['image', 'resources'],
    ),
  },
  ['name', 'properties'],
);

const initContainer = obj(
  {
    name: str,
    properties: obj({ image: str, command: strArray, environmentVariables: arr(env), volumeMounts: arr(volumeMount), securityContext }),
  },
  ['name', 'properties'],
);

const volume = obj(
  {
    name: str,
    azureFile: obj({ shareName: str, storageAccountName: str, storageAccountKey: str, readOnly: bool, ...only({ storageAccountKeyReference: str }) }, ['shareName', 'storageAccountName']),
    emptyDir: anyObject,
    secret: stringMap,
    ...only({ secretReference: stringMap }),
    gitRepo: obj({ repository: str, directory: str, revision: str }, ['repository']),
  },
  ['name'],
);

return obj(
  {
    location: str,
    tags: stringMap,
    zones: strArray,
    identity: obj({
      type: en('SystemAssigned', 'UserAssigned', 'SystemAssigned, UserAssigned', 'None'),
      userAssignedIdentities: { t: 'object', props: {}, values: anyObject },
    }),
    properties: obj(
      {
        containers: arr(container),
        osType: en('Linux', 'Windows'),
        initContainers: arr(initContainer),
        imageRegistryCredentials: arr(obj({ server: str, username: str, password: str, identity: str, identityUrl: str, ...only({ passwordReference: str }) }, ['server'])),
        restartPolicy: en('Always', 'OnFailure', 'Never'),
        ipAddress: obj(
          {
            type: en('Public', 'Private'),
            ports: arr(obj({ port: int, protocol: en('TCP', 'UDP') }, ['port'])),
            dnsNameLabel: str,
            autoGeneratedDomainNameLabelScope: en('Unsecure', 'TenantReuse', 'SubscriptionReuse', 'ResourceGroupReuse', 'Noreuse'),
          },
          ['ports', 'type'],
        ),
        volumes: arr(volume),
        diagnostics: obj({
          logAnalytics: obj(
            { workspaceId: str, workspaceKey: str, workspaceResourceId: str, logType: en('ContainerInsights', 'ContainerInstanceLogs'), metadata: stringMap },
            ['workspaceId', 'workspaceKey'],
          ),
        }),
        subnetIds: arr(obj({ id: str, name: str }, ['id'])),
        dnsConfig: obj({ nameServers: strArray, searchDomains: str, options: str }, ['nameServers']),
        sku: v2025 ? en('NotSpecified', 'Standard', 'Dedicated', 'Confidential') : en('Standard', 'Dedicated', 'Confidential'),
        encryptionProperties: obj({ vaultBaseUrl: str, keyName: str, keyVersion: str, identity: str }, ['vaultBaseUrl', 'keyName', 'keyVersion']),
        extensions: arr(
          obj(
            { name: str, properties: obj({ extensionType: str, version: str, settings: anyObject, protectedSettings: anyObject }, ['extensionType', 'version']) },
            ['name'],
          ),
        ),
        confidentialComputeProperties: obj({ ccePolicy: str }),
        priority: en('Regular', 'Spot'),
        ...only({
          secretReferences: arr(obj({ name: str, identity: str, secretReferenceUri: str }, ['name', 'identity', 'secretReferenceUri'])),
          identityAcls: obj({ defaultAccess: en('All', 'System', 'User'), acls: arr(obj({ access: en('All', 'System', 'User'), identity: str })) }),
          containerGroupProfile: obj({ id: str, revision: int }),
          standbyPoolProfile: obj({ id: str, failContainerGroupCreateOnReuseFailure: bool }),
        }),
      },
      v2025 ? ['containers'] : ['containers', 'osType'],
    ),
  },
  ['location', 'properties'],
);
}

const schemas = new Map<AciApiVersion, Schema>(ACI_API_VERSIONS.map((v) => [v, buildSchema(v)]));

/** The request schema of an api-version the emulator serves. */
export function containerGroupSchemaFor(version: AciApiVersion): Schema {
  return schemas.get(version) as Schema;
}

/** The 2023-05-01 request schema. */
export const containerGroupSchema: Schema = containerGroupSchemaFor('2023-05-01');
