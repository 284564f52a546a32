/**
 * What the tree shows of a container group definition: containers, init containers, volumes, network and the
 * group settings newer api-versions add (priority, identity, zones, profile reference, secret reference names).
 * Works on the parsed value of any accepted shape (ARM body, `az container create --file` YAML, or an ARM
 * template holding the resource). Property names are matched without regard to case, as the service does.
 */
import { isPlainObject, list, prop, scalarText, type PlainObject } from '../definition/plainValues';
import { redactUrl } from '../arm/redact';

export interface PortSummary {
  port: string;
  protocol: string;
}

export interface ContainerSummary {
  name: string;
  image?: string;
  cpu?: string;
  memoryInGB?: string;
  gpu?: string;
  ports: PortSummary[];
  mounts: { name: string; mountPath: string; readOnly: boolean }[];
  environment: { name: string; secure: boolean }[];
}

export interface VolumeSummary {
  name: string;
  kind: 'azureFile' | 'emptyDir' | 'gitRepo' | 'secret' | 'unknown' | 'ambiguous';
  detail?: string;
}

export interface NetworkSummary {
  type?: string;
  ports: PortSummary[];
  dnsNameLabel?: string;
  subnets: string[];
}

/** Group settings of the newer api-versions; secret references by name only (never their URIs or values). */
export interface GroupSettingsSummary {
  priority?: string;
  /** The identity type, with the user-assigned identities by name. */
  identity?: string;
  zones: string[];
  /** The container group profile the group is made from, by name, with its revision. */
  profile?: string;
  secretReferences: string[];
}

export interface ContainerGroupSummary {
  name?: string;
  settings: GroupSettingsSummary;
  location?: string;
  osType?: string;
  sku?: string;
  restartPolicy?: string;
  containers: ContainerSummary[];
  initContainers: ContainerSummary[];
  volumes: VolumeSummary[];
  network?: NetworkSummary;
}

/** The container group resource inside whichever shape the document has. */
export function findContainerGroupResource(value: unknown): PlainObject | undefined {
  if (!isPlainObject(value)) return undefined;
  const resources = prop(value, 'resources');
  if (Array.isArray(resources) && prop(value, 'properties') === undefined) {
    return resources.find(
      (r) => String(prop(r, 'type') ?? '').toLowerCase() === 'microsoft.containerinstance/containergroups',
    ) as PlainObject | undefined;
  }
  return value;
}

/** The ports that name a number, with their protocol (TCP when not said). */
export function portSummaries(v: unknown): PortSummary[] {
  return list(v)
    .map((p) => ({ port: scalarText(prop(p, 'port')) ?? '?', protocol: (scalarText(prop(p, 'protocol')) ?? 'TCP').toUpperCase() }))
    .filter((p) => p.port !== '?');
}

function container(c: unknown): ContainerSummary {
  const props = prop(c, 'properties');
  const requests = prop(prop(props, 'resources'), 'requests');
  const gpu = prop(requests, 'gpu');
  return {
    name: scalarText(prop(c, 'name')) ?? '(unnamed)',
    image: scalarText(prop(props, 'image')),
    cpu: scalarText(prop(requests, 'cpu')),
    memoryInGB: scalarText(prop(requests, 'memoryInGB')),
    gpu: gpu === undefined ? undefined : `${scalarText(prop(gpu, 'count')) ?? '?'} × ${scalarText(prop(gpu, 'sku')) ?? '?'}`,
    ports: portSummaries(prop(props, 'ports')),
    mounts: list(prop(props, 'volumeMounts')).map((m) => ({
      name: scalarText(prop(m, 'name')) ?? '(unnamed)',
      mountPath: scalarText(prop(m, 'mountPath')) ?? '',
      readOnly: prop(m, 'readOnly') === true || String(prop(m, 'readOnly')).toLowerCase() === 'true',
    })),
    // Only names: values may be secrets and never reach the tree.
    environment: list(prop(props, 'environmentVariables')).map((e) => ({
      name: scalarText(prop(e, 'name')) ?? '(unnamed)',
      secure: prop(e, 'secureValue') !== undefined,
    })),
  };
}

const VOLUME_KINDS = ['azureFile', 'emptyDir', 'gitRepo', 'secret'] as const;

function volume(v: unknown): VolumeSummary {
  const name = scalarText(prop(v, 'name')) ?? '(unnamed)';
  const kinds = VOLUME_KINDS.filter((k) => prop(v, k) !== undefined);
  if (kinds.length === 0) return { name, kind: 'unknown' };
  if (kinds.length > 1) return { name, kind: 'ambiguous', detail: kinds.join(' + ') };
  const kind = kinds[0];
  const body = prop(v, kind);
  switch (kind) {
    case 'azureFile':
      return { name, kind, detail: `${scalarText(prop(body, 'storageAccountName')) ?? '?'}/${scalarText(prop(body, 'shareName')) ?? '?'}` };
    case 'gitRepo': {
      // A repository URL may carry a personal access token (https://user:token@host/...): never shown.
      const repository = scalarText(prop(body, 'repository'));
      return { name, kind, detail: repository === undefined ? undefined : redactUrl(repository) };
    }
    case 'secret':
      // Key names only; the values are secrets.
      return { name, kind, detail: isPlainObject(body) ? Object.keys(body).join(', ') : undefined };
    default:
      return { name, kind };
  }
}

export function summarizeContainerGroup(value: unknown): ContainerGroupSummary {
  const resource = findContainerGroupResource(value);
  const props = prop(resource, 'properties');
  const ip = prop(props, 'ipAddress');
  return {
    name: scalarText(prop(resource, 'name')),
    location: scalarText(prop(resource, 'location')),
    osType: scalarText(prop(props, 'osType')),
    sku: scalarText(prop(props, 'sku')),
    restartPolicy: scalarText(prop(props, 'restartPolicy')),
    settings: groupSettings(resource, props),
    containers: list(prop(props, 'containers')).map(container),
    initContainers: list(prop(props, 'initContainers')).map(container),
    volumes: list(prop(props, 'volumes')).map(volume),
    network:
      ip === undefined && prop(props, 'subnetIds') === undefined
        ? undefined
        : {
            type: scalarText(prop(ip, 'type')),
            ports: portSummaries(prop(ip, 'ports')),
            dnsNameLabel: scalarText(prop(ip, 'dnsNameLabel')),
            subnets: list(prop(props, 'subnetIds')).map((s) => scalarText(prop(s, 'name')) ?? scalarText(prop(s, 'id')) ?? '?'),
          },
  };
}

const lastSegment = (id: string): string => id.replace(/\/+$/, '').split('/').pop() || id;

function groupSettings(resource: unknown, props: unknown): GroupSettingsSummary {
  const identity = prop(resource, 'identity');
  const type = scalarText(prop(identity, 'type'));
  const assigned = prop(identity, 'userAssignedIdentities');
  const names = isPlainObject(assigned) ? Object.keys(assigned).map(lastSegment) : [];
  const profile = prop(props, 'containerGroupProfile');
  const profileId = scalarText(prop(profile, 'id'));
  const revision = scalarText(prop(profile, 'revision'));
  return {
    priority: scalarText(prop(props, 'priority')),
    identity: type === undefined && !names.length ? undefined : [type, names.join(', ')].filter(Boolean).join(': '),
    zones: list(prop(resource, 'zones')).map((z) => scalarText(z) ?? '?'),
    profile: profileId === undefined ? undefined : `${lastSegment(profileId)}${revision === undefined ? '' : ` (revision ${revision})`}`,
    secretReferences: list(prop(props, 'secretReferences')).map((r) => scalarText(prop(r, 'name')) ?? '?'),
  };
}

export function formatPorts(items: PortSummary[]): string {
  return items.map((p) => `${p.port}/${p.protocol}`).join(', ');
}
