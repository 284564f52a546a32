// Generates container-group.schema.json (draft-07) from the Microsoft.ContainerInstance 2023-05-01 swagger
// definitions. Run: node schemas/generate-schema.mjs. Types, formats, enums and `required` follow the swagger;
// every property and enum value gets description + markdownDescription (+ enumDescriptions).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const md = (d) => d;
const describe = (schema, description, markdown) => ({
  ...schema,
  description,
  markdownDescription: markdown ?? md(description),
});
const str = (d, extra = {}) => describe({ type: 'string', ...extra }, d);
const ro = (s) => ({ ...s, readOnly: true });
const int32 = (d) => describe({ type: 'integer', format: 'int32' }, d);
const dbl = (d) => describe({ type: 'number', format: 'double' }, d);
const bool = (d) => describe({ type: 'boolean' }, d);
const ref = (name, d) => describe({ $ref: `#/definitions/${name}` }, d);
const arr = (items, d) => describe({ type: 'array', items }, d);
const strArr = (d, itemDesc) => arr(describe({ type: 'string' }, itemDesc), d);
const obj = (properties, required, d) =>
  describe({ type: 'object', properties, ...(required ? { required } : {}) }, d);
const map = (valueSchema, d) => describe({ type: 'object', additionalProperties: valueSchema }, d);
/** values: [value, description][] */
const enumOf = (values, d, extra = {}) => ({
  ...describe({ type: 'string', enum: values.map((v) => v[0]), ...extra }, d),
  enumDescriptions: values.map((v) => v[1]),
  markdownEnumDescriptions: values.map((v) => v[1]),
});

const protocols = [
  ['TCP', 'Transmission Control Protocol.'],
  ['UDP', 'User Datagram Protocol.'],
];
const gpuSkus = [
  ['K80', 'NVIDIA Tesla K80 (retired 2023-08-31).'],
  ['P100', 'NVIDIA Tesla P100 (retired 2023-08-31).'],
  ['V100', 'NVIDIA Tesla V100.'],
];

const definitions = {
  ContainerGroupIdentity: obj(
    {
      principalId: ro(str('The principal id of the container group identity. This property will only be provided for a system assigned identity.')),
      tenantId: ro(str('The tenant id associated with the container group. This property will only be provided for a system assigned identity.')),
      type: enumOf(
        [
          ['SystemAssigned', 'An implicitly created (system-assigned) identity.'],
          ['UserAssigned', 'A set of user-assigned identities listed in `userAssignedIdentities`.'],
          ['SystemAssigned, UserAssigned', 'Both an implicitly created identity and a set of user-assigned identities.'],
          ['None', 'Removes any identities from the container group.'],
        ],
        "The type of identity used for the container group. The type 'SystemAssigned, UserAssigned' includes both an implicitly created identity and a set of user assigned identities. The type 'None' will remove any identities from the container group.",
      ),
      userAssignedIdentities: map(
        ref('UserAssignedIdentities', 'A user-assigned identity; send an empty object `{}`.'),
        "The list of user identities associated with the container group. Keys are ARM resource ids of the form '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.ManagedIdentity/userAssignedIdentities/{identityName}'.",
      ),
    },
    undefined,
    'Identity for the container group.',
  ),
  UserAssignedIdentities: obj(
    {
      principalId: ro(str('The principal id of user assigned identity.')),
      clientId: ro(str('The client id of user assigned identity.')),
    },
    undefined,
    'The list of user identities associated with the container group.',
  ),
  ContainerGroupPropertiesProperties: obj(
    {
      provisioningState: ro(str('The provisioning state of the container group. This only appears in the response.')),
      containers: arr(ref('Container', 'A container instance.'), 'The containers within the container group.'),
      imageRegistryCredentials: arr(ref('ImageRegistryCredential', 'Image registry credential.'), 'The image registry credentials by which the container group is created from.'),
      restartPolicy: enumOf(
        [
          ['Always', 'Always restart.'],
          ['OnFailure', 'Restart on failure.'],
          ['Never', 'Never restart.'],
        ],
        'Restart policy for all containers within the container group. Defaults to `Always`.',
      ),
      ipAddress: ref('IpAddress', 'The IP address type of the container group.'),
      osType: enumOf(
        [
          ['Windows', 'Windows containers (single-container groups only).'],
          ['Linux', 'Linux containers.'],
        ],
        'The operating system type required by the containers in the container group.',
      ),
      volumes: arr(ref('Volume', 'A volume that can be mounted by containers in this group.'), 'The list of volumes that can be mounted by containers in this container group.'),
      instanceView: ro(
        obj(
          {
            events: ro(arr(ref('Event', 'A container group event.'), 'The events of this container group.')),
            state: ro(str('The state of the container group. Only valid in response.')),
          },
          undefined,
          'The instance view of the container group. Only valid in response.',
        ),
      ),
      diagnostics: ref('ContainerGroupDiagnostics', 'The diagnostic information for a container group.'),
      subnetIds: arr(ref('ContainerGroupSubnetId', 'A subnet reference.'), 'The subnet resource IDs for a container group.'),
      dnsConfig: ref('DnsConfiguration', 'The DNS config information for a container group.'),
      sku: enumOf(
        [
          ['Standard', 'Standard (shared host) container group.'],
          ['Dedicated', 'Dedicated host container group.'],
          ['Confidential', 'Confidential container group; needs `confidentialComputeProperties.ccePolicy`.'],
        ],
        'The SKU for a container group.',
      ),
      encryptionProperties: ref('EncryptionProperties', 'The encryption properties for a container group.'),
      initContainers: arr(ref('InitContainerDefinition', 'An init container.'), 'The init containers for a container group.'),
      extensions: arr(ref('DeploymentExtensionSpec', 'An extension.'), 'Extensions used by virtual kubelet.'),
      confidentialComputeProperties: ref('ConfidentialComputeProperties', 'The properties for confidential container group.'),
      priority: enumOf(
        [
          ['Regular', 'Regular priority.'],
          ['Spot', 'Spot priority (evictable, lower cost).'],
        ],
        'The priority of the container group.',
      ),
    },
    ['containers', 'osType'],
    'The container group properties.',
  ),
  Container: obj(
    {
      name: str('The user-provided name of the container instance.'),
      properties: ref('ContainerProperties', 'The properties of the container instance.'),
    },
    ['properties', 'name'],
    'A container instance.',
  ),
  ContainerProperties: obj(
    {
      image: str('The name of the image used to create the container instance.'),
      command: strArr('The commands to execute within the container instance in exec form.', 'A command argument.'),
      ports: arr(ref('ContainerPort', 'An exposed port.'), 'The exposed ports on the container instance.'),
      environmentVariables: arr(ref('EnvironmentVariable', 'An environment variable.'), 'The environment variables to set in the container instance.'),
      instanceView: ro(
        obj(
          {
            restartCount: ro(int32('The number of times that the container instance has been restarted.')),
            currentState: ro(ref('ContainerState', 'Current container instance state.')),
            previousState: ro(ref('ContainerState', 'Previous container instance state.')),
            events: ro(arr(ref('Event', 'A container event.'), 'The events of the container instance.')),
          },
          undefined,
          'The instance view of the container instance. Only valid in response.',
        ),
      ),
      resources: ref('ResourceRequirements', 'The resource requirements of the container instance.'),
      volumeMounts: arr(ref('VolumeMount', 'A volume mount.'), 'The volume mounts available to the container instance.'),
      livenessProbe: ref('ContainerProbe', 'The liveness probe.'),
      readinessProbe: ref('ContainerProbe', 'The readiness probe.'),
      securityContext: ref('SecurityContextDefinition', 'The container security properties.'),
    },
    ['image', 'resources'],
    'The container instance properties.',
  ),
  InitContainerDefinition: obj(
    {
      name: str('The name for the init container.'),
      properties: ref('InitContainerPropertiesDefinition', 'The properties for the init container.'),
    },
    ['name', 'properties'],
    'The init container definition.',
  ),
  InitContainerPropertiesDefinition: obj(
    {
      image: str('The image of the init container.'),
      command: strArr('The command to execute within the init container in exec form.', 'A command argument.'),
      environmentVariables: arr(ref('EnvironmentVariable', 'An environment variable.'), 'The environment variables to set in the init container.'),
      instanceView: ro(
        obj(
          {
            restartCount: ro(int32('The number of times that the init container has been restarted.')),
            currentState: ro(ref('ContainerState', 'The current state of the init container.')),
            previousState: ro(ref('ContainerState', 'The previous state of the init container.')),
            events: ro(arr(ref('Event', 'An init container event.'), 'The events of the init container.')),
          },
          undefined,
          'The instance view of the init container. Only valid in response.',
        ),
      ),
      volumeMounts: arr(ref('VolumeMount', 'A volume mount.'), 'The volume mounts available to the init container.'),
      securityContext: ref('SecurityContextDefinition', 'The container security properties.'),
    },
    undefined,
    'The init container definition properties.',
  ),
  SecurityContextDefinition: obj(
    {
      privileged: bool('The flag to determine if the container permissions is elevated to Privileged.'),
      allowPrivilegeEscalation: bool('A boolean value indicating whether the init process can elevate its privileges.'),
      capabilities: ref('SecurityContextCapabilitiesDefinition', 'The capabilities to add or drop from a container.'),
      runAsGroup: int32('Sets the User GID for the container.'),
      runAsUser: int32('Sets the User UID for the container.'),
      seccompProfile: str('A base64 encoded string containing the contents of the JSON in the seccomp profile.'),
    },
    undefined,
    'The security context for the container.',
  ),
  SecurityContextCapabilitiesDefinition: obj(
    {
      add: strArr('The capabilities to add to the container.', 'A capability, e.g. `CAP_NET_ADMIN`.'),
      drop: strArr('The capabilities to drop from the container.', 'A capability, e.g. `CAP_NET_ADMIN`.'),
    },
    undefined,
    'The capabilities to add or drop from a container.',
  ),
  ContainerState: ro(
    obj(
      {
        state: ro(str('The state of the container instance.')),
        startTime: ro(str('The date-time when the container instance state started.', { format: 'date-time' })),
        exitCode: ro(int32('The container instance exit codes correspond to those from the `docker run` command.')),
        finishTime: ro(str('The date-time when the container instance state finished.', { format: 'date-time' })),
        detailStatus: ro(str('The human-readable status of the container instance state.')),
      },
      undefined,
      'The container instance state.',
    ),
  ),
  Event: ro(
    obj(
      {
        count: ro(int32('The count of the event.')),
        firstTimestamp: ro(str('The date-time of the earliest logged event.', { format: 'date-time' })),
        lastTimestamp: ro(str('The date-time of the latest logged event.', { format: 'date-time' })),
        name: ro(str('The event name.')),
        message: ro(str('The event message.')),
        type: ro(str('The event type.')),
      },
      undefined,
      'A container group or container instance event.',
    ),
  ),
  ResourceRequirements: obj(
    {
      requests: ref('ResourceRequests', 'The resource requests of this container instance.'),
      limits: ref('ResourceLimits', 'The resource limits of this container instance.'),
    },
    ['requests'],
    'The resource requirements.',
  ),
  ResourceRequests: obj(
    {
      memoryInGB: dbl('The memory request in GB of this container instance.'),
      cpu: dbl('The CPU request of this container instance.'),
      gpu: ref('GpuResource', 'The GPU request of this container instance.'),
    },
    ['memoryInGB', 'cpu'],
    'The resource requests.',
  ),
  ResourceLimits: obj(
    {
      memoryInGB: dbl('The memory limit in GB of this container instance.'),
      cpu: dbl('The CPU limit of this container instance.'),
      gpu: ref('GpuResource', 'The GPU limit of this container instance.'),
    },
    undefined,
    'The resource limits.',
  ),
  GpuResource: obj(
    {
      count: int32('The count of the GPU resource.'),
      sku: enumOf(gpuSkus, 'The SKU of the GPU resource.'),
    },
    ['count', 'sku'],
    'The GPU resource.',
  ),
  ContainerPort: obj(
    {
      protocol: enumOf(protocols, 'The protocol associated with the port.'),
      port: int32('The port number exposed within the container group.'),
    },
    ['port'],
    'The port exposed on the container instance.',
  ),
  Port: obj(
    {
      protocol: enumOf(protocols, 'The protocol associated with the port.'),
      port: int32('The port number.'),
    },
    ['port'],
    'The port exposed on the container group.',
  ),
  EnvironmentVariable: obj(
    {
      name: str('The name of the environment variable.'),
      value: str('The value of the environment variable.'),
      secureValue: str('The value of the secure environment variable (write-only; never returned).'),
    },
    ['name'],
    'The environment variable to set within the container instance.',
  ),
  Volume: obj(
    {
      name: str('The name of the volume.'),
      azureFile: ref('AzureFileVolume', 'The Azure File volume (called a cloud file volume in some tools).'),
      emptyDir: describe({ type: 'object', properties: {} }, 'The empty directory volume; send `{}`.'),
      secret: map(describe({ type: 'string' }, 'A base64-encoded file content.'), 'The secret volume: file names mapped to base64-encoded contents.'),
      gitRepo: ref('GitRepoVolume', 'The git repo volume.'),
    },
    ['name'],
    'The properties of the volume.',
  ),
  AzureFileVolume: obj(
    {
      shareName: str('The name of the Azure File share to be mounted as a volume.'),
      readOnly: bool('The flag indicating whether the Azure File shared mounted as a volume is read-only.'),
      storageAccountName: str('The name of the storage account that contains the Azure File share.'),
      storageAccountKey: str('The storage account access key used to access the Azure File share.'),
    },
    ['shareName', 'storageAccountName'],
    'The properties of the Azure File volume. Azure File shares are mounted as volumes.',
  ),
  GitRepoVolume: describe(
    {
      properties: {
        directory: str("Target directory name. Must not contain or start with '..'. If '.' is supplied, the volume directory will be the git repository. Otherwise, if specified, the volume will contain the git repository in the subdirectory with the given name."),
        repository: str('Repository URL.'),
        revision: str('Commit hash for the specified revision.'),
      },
      required: ['repository'],
    },
    'Represents a volume that is populated with the contents of a git repository.',
  ),
  VolumeMount: obj(
    {
      name: str('The name of the volume mount.'),
      mountPath: str('The path within the container where the volume should be mounted. Must not contain colon (:).'),
      readOnly: bool('The flag indicating whether the volume mount is read-only.'),
    },
    ['name', 'mountPath'],
    'The properties of the volume mount.',
  ),
  ContainerProbe: obj(
    {
      exec: ref('ContainerExec', 'The execution command to probe.'),
      httpGet: ref('ContainerHttpGet', 'The Http Get settings to probe.'),
      initialDelaySeconds: int32('The initial delay seconds.'),
      periodSeconds: int32('The period seconds.'),
      failureThreshold: int32('The failure threshold.'),
      successThreshold: int32('The success threshold.'),
      timeoutSeconds: int32('The timeout seconds.'),
    },
    undefined,
    'The container probe, for liveness or readiness.',
  ),
  ContainerExec: obj({ command: strArr('The commands to execute within the container.', 'A command argument.') }, undefined, 'The container execution command, for liveness or readiness probe.'),
  ContainerHttpGet: obj(
    {
      path: str('The path to probe.'),
      port: int32('The port number to probe.'),
      scheme: enumOf(
        [
          ['http', 'Plain HTTP.'],
          ['https', 'HTTP over TLS.'],
        ],
        'The scheme.',
      ),
      httpHeaders: arr(ref('HttpHeader', 'A header.'), 'The HTTP headers.'),
    },
    ['port'],
    'The container Http Get settings, for liveness or readiness probe.',
  ),
  HttpHeader: obj({ name: str('The header name.'), value: str('The header value.') }, undefined, 'The HTTP header.'),
  ImageRegistryCredential: obj(
    {
      server: str('The Docker image registry server without a protocol such as "http" and "https".'),
      username: str('The username for the private registry.'),
      password: str('The password for the private registry (write-only).'),
      identity: str('The identity for the private registry (resource ID of a user-assigned managed identity).'),
      identityUrl: str('The identity URL for the private registry.'),
    },
    ['server'],
    'Image registry credential.',
  ),
  IpAddress: obj(
    {
      ports: arr(ref('Port', 'A group port.'), 'The list of ports exposed on the container group.'),
      type: enumOf(
        [
          ['Public', 'Public IP address.'],
          ['Private', 'Private IP address in a virtual network; needs `subnetIds`.'],
        ],
        'Specifies if the IP is exposed to the public internet or private VNET.',
      ),
      ip: str('The IP exposed to the public internet.'),
      dnsNameLabel: str('The Dns name label for the IP.'),
      autoGeneratedDomainNameLabelScope: enumOf(
        [
          ['Unsecure', 'The default when unset; the label is not protected against subdomain takeover.'],
          ['TenantReuse', 'The default when a policy is chosen; the label can be reused within the same tenant.'],
          ['SubscriptionReuse', 'The label can be reused within the same subscription.'],
          ['ResourceGroupReuse', 'The label can be reused within the same resource group.'],
          ['Noreuse', 'No reuse within the resource group, subscription or tenant.'],
        ],
        'The value representing the security enum. The `Unsecure` value is the default if not selected.',
        { default: 'Unsecure' },
      ),
      fqdn: ro(str('The FQDN for the IP.')),
    },
    ['ports', 'type'],
    'IP address for the container group.',
  ),
  ContainerGroupSubnetId: obj(
    {
      id: str('Resource ID of virtual network and subnet.'),
      name: str('Friendly name for the subnet.'),
    },
    ['id'],
    'Container group subnet information.',
  ),
  DnsConfiguration: obj(
    {
      nameServers: strArr('The DNS servers for the container group.', 'A DNS server address.'),
      searchDomains: str('The DNS search domains for hostname lookup in the container group (space-separated).'),
      options: str('The DNS options for the container group (e.g. `ndots:2`).'),
    },
    ['nameServers'],
    'DNS configuration for the container group.',
  ),
  ContainerGroupDiagnostics: obj({ logAnalytics: ref('LogAnalytics', 'Container group log analytics information.') }, undefined, 'Container group diagnostic information.'),
  LogAnalytics: obj(
    {
      workspaceId: str('The workspace id for log analytics.'),
      workspaceKey: str('The workspace key for log analytics (write-only).'),
      logType: enumOf(
        [
          ['ContainerInsights', 'Container insights log schema.'],
          ['ContainerInstanceLogs', 'Container instance logs schema.'],
        ],
        'The log type to be used.',
      ),
      metadata: map(describe({ type: 'string' }, 'A metadata value.'), 'Metadata for log analytics.'),
      workspaceResourceId: str('The workspace resource id for log analytics (write-only).'),
    },
    ['workspaceId', 'workspaceKey'],
    'Container group log analytics information.',
  ),
  EncryptionProperties: obj(
    {
      vaultBaseUrl: str('The keyvault base url.'),
      keyName: str('The encryption key name.'),
      keyVersion: str('The encryption key version.'),
      identity: str('The keyvault managed identity (a user-assigned identity resource ID declared in `identity.userAssignedIdentities`).'),
    },
    ['vaultBaseUrl', 'keyName', 'keyVersion'],
    'The container group encryption properties.',
  ),
  ConfidentialComputeProperties: obj({ ccePolicy: str('The base64 encoded confidential compute enforcement policy.') }, undefined, 'The properties for confidential container group.'),
  DeploymentExtensionSpec: obj(
    {
      name: str('Name of the extension.'),
      properties: obj(
        {
          extensionType: str('Type of extension to be added.'),
          version: str('Version of the extension being used.'),
          settings: describe({ type: 'object' }, 'Settings for the extension.'),
          protectedSettings: describe({ type: 'object' }, 'Protected settings for the extension (write-only).'),
        },
        ['extensionType', 'version'],
        'Extension specific properties.',
      ),
    },
    ['name'],
    'Extension sidecars to be added to the deployment.',
  ),
};

const groupCommon = {
  location: str('The resource location.'),
  tags: map(describe({ type: 'string' }, 'A tag value.'), 'The resource tags.'),
  zones: strArr('The zones for the container group (the service accepts a single zone).', 'An availability zone, e.g. `1`.'),
  identity: ref('ContainerGroupIdentity', 'The identity of the container group, if configured.'),
  properties: ref('ContainerGroupPropertiesProperties', 'The container group properties.'),
};
definitions.ContainerGroup = obj(
  {
    id: ro(str('The resource id.')),
    name: ro(str('The resource name.')),
    type: ro(str('The resource type.')),
    ...groupCommon,
  },
  ['properties'],
  'A container group (the ARM request/response body of PUT .../containerGroups/{name}).',
);
definitions.ContainerGroupYamlFile = obj(
  {
    apiVersion: str('The api-version the file targets (e.g. `2023-05-01`); quote it so YAML keeps it a string.'),
    name: str('The container group name.'),
    type: ro(str('The resource type, `Microsoft.ContainerInstance/containerGroups`; ignored on create.')),
    id: ro(str('The resource id.')),
    ...groupCommon,
  },
  ['properties'],
  'A container group definition file for `az container create --file`.',
);
const typePattern = 'Microsoft.ContainerInstance/containerGroups'
  .split('')
  .map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c === '.' ? '\\.' : c))
  .join('');
definitions.ArmContainerGroupResource = obj(
  {
    type: str('The resource type.', { pattern: `^${typePattern}$` }),
    apiVersion: str('The api-version of the resource.'),
    name: str('The container group name (may be a template expression).'),
    condition: describe({}, 'Deploy the resource only when this is true.'),
    dependsOn: strArr('Resources this resource depends on.', 'A resource name or id.'),
    comments: str('Comments.'),
    copy: describe({ type: 'object' }, 'Copy loop.'),
    scope: str('Deployment scope.'),
    ...groupCommon,
  },
  ['type', 'properties'],
  'A container group resource in an ARM template.',
);
definitions.ArmTemplate = obj(
  {
    $schema: str('The deployment template schema URL.'),
    contentVersion: str('The template version.'),
    parameters: describe({ type: 'object' }, 'Template parameters.'),
    variables: describe({ type: 'object' }, 'Template variables.'),
    resources: arr(
      {
        if: { type: 'object', properties: { type: { type: 'string', pattern: `^${typePattern}$` } }, required: ['type'] },
        then: { $ref: '#/definitions/ArmContainerGroupResource' },
      },
      'The template resources.',
    ),
    outputs: describe({ type: 'object' }, 'Template outputs.'),
  },
  ['resources'],
  'An ARM deployment template.',
);

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://aci-data-share.dev/schemas/container-group-2023-05-01.json',
  title: 'Azure Container Instances container group (Microsoft.ContainerInstance 2023-05-01)',
  description: 'A container group as an ARM body (JSON), an `az container create --file` YAML file, or an ARM template.',
  type: 'object',
  if: { required: ['resources'] },
  then: { $ref: '#/definitions/ArmTemplate' },
  else: {
    if: { required: ['apiVersion'] },
    then: { $ref: '#/definitions/ContainerGroupYamlFile' },
    else: { $ref: '#/definitions/ContainerGroup' },
  },
  definitions,
};

const out = fileURLToPath(new URL('./container-group.schema.json', import.meta.url));
writeFileSync(out, JSON.stringify(schema, null, 2) + '\n');
console.log('wrote', out);
