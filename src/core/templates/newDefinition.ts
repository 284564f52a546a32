/**
 * Starter definitions for "New Container Group Definition": one public web container (port 80) on Linux.
 * YAML is the `az container create --file` format; JSON is the ARM request body (its name comes from
 * the URL, so it has none) with its apiVersion. Both name the newest stable api-version and validate at it with
 * no findings.
 */
import { yamlString } from '../completion/render';
import { GROUP_NAME, suggestName } from '../validation/rules/naming';
import { newestStableVersion } from '../schema/apiVersion';

export const TEMPLATE_IMAGE = 'mcr.microsoft.com/azuredocs/aci-helloworld:latest';
export const TEMPLATE_LOCATION = 'westeurope';
const DEFAULT_NAME = 'my-container-group';

/** A valid container group name: the given one, else its closest valid spelling, else the default. */
function groupName(name: string | undefined): string {
  if (name && GROUP_NAME.test(name)) return name;
  const suggested = name ? suggestName(name) : '';
  return suggested && GROUP_NAME.test(suggested) ? suggested : DEFAULT_NAME;
}

function body(): Record<string, unknown> {
  const port = { port: 80, protocol: 'TCP' };
  return {
    location: TEMPLATE_LOCATION,
    properties: {
      osType: 'Linux',
      restartPolicy: 'Always',
      containers: [
        {
          name: 'web',
          properties: {
            image: TEMPLATE_IMAGE,
            ports: [port],
            resources: { requests: { cpu: 1, memoryInGB: 1.5 } },
          },
        },
      ],
      ipAddress: { type: 'Public', ports: [port] },
    },
  };
}

export function newDefinitionText(format: 'yaml' | 'json', name?: string): string {
  if (format === 'json') return JSON.stringify({ apiVersion: newestStableVersion(), ...body() }, null, 2) + '\n';
  return [
    `apiVersion: '${newestStableVersion()}'`,
    `name: ${yamlString(groupName(name))}`,
    `location: ${TEMPLATE_LOCATION}`,
    'properties:',
    '  osType: Linux',
    '  restartPolicy: Always',
    '  containers:',
    '    - name: web',
    '      properties:',
    `        image: ${TEMPLATE_IMAGE}`,
    '        ports:',
    '          - port: 80',
    '            protocol: TCP',
    '        resources:',
    '          requests:',
    '            cpu: 1',
    '            memoryInGB: 1.5',
    '  ipAddress:',
    '    type: Public',
    '    ports:',
    '      - port: 80',
    '        protocol: TCP',
    '',
  ].join('\n');
}
