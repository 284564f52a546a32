/**
 * Azure clouds: ARM endpoint, Entra ID authority, token scope and portal address.
 */
import { trimTrailingSlash, validateTokenEndpoint } from './urlPolicy';

export type CloudName = 'AzureCloud' | 'AzureUSGovernment' | 'AzureChinaCloud' | 'Custom';

export interface CustomCloudSettings {
  armEndpoint: string;
  authorityHost: string;
  /** Optional; without it links point at the ARM endpoint. */
  portalUrl?: string;
}

export interface CloudConfig {
  name: CloudName;
  /** No trailing slash. */
  armEndpoint: string;
  /** No trailing slash. */
  authorityHost: string;
  /** `<armEndpoint>/.default` */
  scope: string;
  portalUrl: string;
}

const KNOWN: Record<Exclude<CloudName, 'Custom'>, Omit<CloudConfig, 'name' | 'scope'>> = {
  AzureCloud: {
    armEndpoint: 'https://management.azure.com',
    authorityHost: 'https://login.microsoftonline.com',
    portalUrl: 'https://portal.azure.com',
  },
  AzureUSGovernment: {
    armEndpoint: 'https://management.usgovcloudapi.net',
    authorityHost: 'https://login.microsoftonline.us',
    portalUrl: 'https://portal.azure.us',
  },
  AzureChinaCloud: {
    armEndpoint: 'https://management.chinacloudapi.cn',
    authorityHost: 'https://login.chinacloudapi.cn',
    portalUrl: 'https://portal.azure.cn',
  },
};

export const CLOUD_NAMES: readonly CloudName[] = ['AzureCloud', 'AzureUSGovernment', 'AzureChinaCloud', 'Custom'];

export interface ResolveCloudInput {
  cloud: CloudName;
  custom?: CustomCloudSettings;
}

/** Throws ArmError kind `security` for a custom URL that is not https (or http on loopback). */
export function resolveCloud(input: ResolveCloudInput): CloudConfig {
  if (input.cloud !== 'Custom') {
    const known = KNOWN[input.cloud];
    if (!known) {
      throw new Error(`Unknown cloud "${String(input.cloud)}"; expected one of ${CLOUD_NAMES.join(', ')}.`);
    }
    return { name: input.cloud, ...known, scope: `${known.armEndpoint}/.default` };
  }
  if (!input.custom || !input.custom.armEndpoint || !input.custom.authorityHost) {
    throw new Error('A custom cloud needs both an ARM endpoint and an authority host.');
  }
  const arm = validateTokenEndpoint(input.custom.armEndpoint, 'custom cloud ARM endpoint');
  const authority = validateTokenEndpoint(input.custom.authorityHost, 'custom cloud authority host');
  const armEndpoint = trimTrailingSlash(stripQuery(arm));
  const portal = input.custom.portalUrl ? trimTrailingSlash(stripQuery(validateTokenEndpoint(input.custom.portalUrl, 'custom cloud portal URL'))) : armEndpoint;
  return {
    name: 'Custom',
    armEndpoint,
    authorityHost: trimTrailingSlash(stripQuery(authority)),
    scope: `${armEndpoint}/.default`,
    portalUrl: portal,
  };
}

function stripQuery(url: URL): string {
  return `${url.origin}${url.pathname}`;
}
