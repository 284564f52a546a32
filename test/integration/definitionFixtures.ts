// Definitions both the integration suites and the screenshot steps deploy, so the two show the same kind of group.
// Text only: no VS Code API, no code of the extension.

const REFERENCE = "reference(resourceId('Microsoft.ContainerInstance/containerGroups', parameters('containerGroupName')))";

export interface TemplateOptions {
  /** Parameters beside containerGroupName, image and port. */
  parameters?: Record<string, unknown>;
  /** The web container's environment variables. */
  env?: unknown[];
  restart?: string;
  image?: string;
  name?: string;
  /** The group's DNS name label (none when undefined). */
  dnsNameLabel?: string;
  /** The FQDN among the outputs, beside the IP address. */
  fqdnOutput?: boolean;
}

/**
 * A container group template as the ACI quickstarts write one (learn.microsoft.com/azure/container-instances/
 * container-instances-quickstart-template): the name a parameter, the location the resource group's.
 */
export function containerGroupTemplate(options: TemplateOptions = {}): string {
  const ports = [{ port: "[parameters('port')]", protocol: 'TCP' }];
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters: {
        containerGroupName: { type: 'string', metadata: { description: 'Name of the container group' } },
        image: { type: 'string', defaultValue: 'mcr.microsoft.com/azuredocs/aci-helloworld' },
        port: { type: 'int', defaultValue: 80 },
        ...options.parameters,
      },
      resources: [
        {
          type: 'Microsoft.ContainerInstance/containerGroups',
          apiVersion: '2023-05-01',
          name: options.name ?? "[parameters('containerGroupName')]",
          location: '[resourceGroup().location]',
          properties: {
            containers: [
              {
                name: 'web',
                properties: {
                  image: options.image ?? "[parameters('image')]",
                  ports,
                  environmentVariables: options.env ?? [],
                  resources: { requests: { cpu: 1, memoryInGB: 1.5 } },
                },
              },
            ],
            osType: 'Linux',
            restartPolicy: options.restart ?? 'Always',
            ipAddress: { type: 'Public', ...(options.dnsNameLabel === undefined ? {} : { dnsNameLabel: options.dnsNameLabel }), ports },
          },
        },
      ],
      outputs: {
        containerIPv4Address: { type: 'string', value: `[${REFERENCE}.ipAddress.ip]` },
        ...(options.fqdnOutput ? { fqdn: { type: 'string', value: `[${REFERENCE}.ipAddress.fqdn]` } } : {}),
      },
    },
    null,
    2,
  );
}

/** A parameter file giving `values` (deploymentParameters schema). */
export function parameterFile(values: Record<string, unknown>): string {
  return JSON.stringify(
    {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
      contentVersion: '1.0.0.0',
      parameters: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v }])),
    },
    null,
    2,
  );
}

export interface RestartingGroup {
  name: string;
  dnsNameLabel: string;
  /** The web container's image. */
  image?: string;
  /** Lines of the web container's environmentVariables list, indented as its items. */
  env?: string[];
  /** The container that keeps exiting: its name and the shell command it runs. */
  exiting: { name: string; command: string };
}

/** A YAML definition of nginx beside a container that keeps exiting, so the live tree has restarts and events. */
export function restartingGroupYaml(group: RestartingGroup): string {
  const env = group.env?.length ? ['        environmentVariables:', ...group.env.map((l) => `          ${l}`)] : [];
  return [
    "apiVersion: '2023-05-01'",
    'location: westeurope',
    `name: ${group.name}`,
    'properties:',
    '  osType: Linux',
    '  containers:',
    '    - name: web',
    '      properties:',
    `        image: ${group.image ?? 'mcr.microsoft.com/azuredocs/nginx:latest'}`,
    '        ports: [{ port: 80, protocol: TCP }]',
    '        resources: { requests: { cpu: 1, memoryInGB: 1.5 } }',
    ...env,
    `    - name: ${group.exiting.name}`,
    '      properties:',
    '        image: mcr.microsoft.com/azuredocs/aci-wordcount:latest',
    `        command: ["/bin/sh", "-c", "${group.exiting.command}"]`,
    '        resources: { requests: { cpu: 0.5, memoryInGB: 0.5 } }',
    '  ipAddress:',
    '    type: Public',
    `    dnsNameLabel: ${group.dnsNameLabel}`,
    '    ports: [{ port: 80, protocol: TCP }]',
    '',
  ].join('\n');
}
