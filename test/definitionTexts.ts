// Definition texts the unit and integration tests build on: a container group, as `az container create --file`
// reads it (https://learn.microsoft.com/azure/container-instances/container-instances-reference-yaml), whose first
// container is `web` running nginx unless a test names another. Each test adds what it checks; tests read positions in the text, so the
// builder writes exactly the lines it is given. No import from src: integration suites share it.

/** The api-version the fixtures are written for, as the top of a definition quotes it. */
export const API_VERSION = "'2023-05-01'";

export interface GroupYaml {
  /** The top keys written before `properties:`, in this order. */
  top?: Record<string, string>;
  osType?: string;
  /** Lines of the group's properties before `containers:`, written relative to them. */
  group?: string[];
  /** The first container's name and image. */
  containerName?: string;
  image?: string;
  /** Lines of the first container's properties after its image, written relative to them. */
  container?: string[];
  /** Lines of the group's properties after the containers, written relative to them. */
  after?: string[];
  /** How far the containers' items are indented under `containers:` (0, or 2 as many editors write). */
  itemIndent?: 0 | 2;
}

export function groupYaml({ top = { apiVersion: API_VERSION }, osType = 'Linux', group = [], containerName = 'web', image = 'nginx', container = [], after = [], itemIndent = 0 }: GroupYaml): string {
  const item = ' '.repeat(2 + itemIndent);
  const indented = (pad: string, lines: string[]) => lines.map((l) => `${pad}${l}\n`).join('');
  return (
    Object.entries(top).map(([k, v]) => `${k}: ${v}\n`).join('') +
    'properties:\n' +
    `  osType: ${osType}\n` +
    indented('  ', group) +
    '  containers:\n' +
    `${item}- name: ${containerName}\n` +
    `${item}  properties:\n` +
    indented(`${item}    `, [`image: ${image}`, ...container]) +
    indented('  ', after)
  );
}

/** A container's requests as a flow mapping, under `resources:`. */
export const FLOW_REQUESTS = ['resources:', '  requests: {cpu: 1, memoryInGB: 1}'];

/** The nginx sample image the deploy tests run, and web's lines that take its password from a secret reference. */
export const NGINX_IMAGE = 'mcr.microsoft.com/azuredocs/nginx:latest';
export const SECRET_REFERENCE_LINES = ['resources: { requests: { cpu: 1, memoryInGB: 1.5 } }', 'environmentVariables:', '  - name: DB_PASSWORD', "    secureValue: '{{secret:db}}'"];

/** A public IP address with the DNS label `${name}-label`, port 80. */
export const publicAddressLines = (name: string) => ['ipAddress:', '  type: Public', `  dnsNameLabel: ${name}-label`, '  ports: [{ port: 80 }]'];
