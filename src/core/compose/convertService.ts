/**
 * One Compose service → one container (or init container) of the group. Each rule is named by its id in
 * rules.ts, where its source is; the group-wide rules (ports shared by two services, volumes, restart, sizes)
 * are in convertCompose.ts.
 */
import type { PathSegment } from '../definition/types';
import { asMapping } from './mergeModels';
import { commandList, parseBytes, parseSeconds, parsePorts, parseVolume, type PortSpec, type VolumeEntry } from './composeValues';
import type { Notes } from './notes';
import type { SecretOffer } from './types';

/** Names whose values are secrets by convention (passwords, tokens, keys, credentials). */
const SECRET_NAME = /(PASS(WORD|WD)?|PWD|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|CONNECTION_?STRING)($|_)/i;
/** A variable naming where a secret is (`POSTGRES_PASSWORD_FILE`) holds a path, not the secret. */
const SECRET_PATH = /_(FILE|PATH|DIR)$/i;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i;

/** A variable whose value is kept out of files: a secret-looking name that names no file or folder. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !SECRET_PATH.test(name);
}

/** Service keys handled here or by the group rules; every other key is reported as left out. */
export const HANDLED_KEYS = new Set([
  'image', 'build', 'command', 'entrypoint', 'environment', 'env_file', 'ports', 'expose', 'deploy', 'cpus', 'mem_limit', 'mem_reservation',
  'healthcheck', 'restart', 'volumes', 'secrets', 'depends_on', 'profiles', 'extends', 'container_name', 'networks', 'links',
]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const round = (n: number, step: number): number => Math.round(Math.ceil(n / step - 1e-9) * step * 100) / 100;

/** A container name ACI accepts (lower case, digits and inner hyphens, at most 63). */
export function containerName(service: string): string {
  const name = service.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63).replace(/-+$/, '');
  return name || 'container';
}

/** The `{{secret:NAME}}` name for a variable of a service: `db-mysql-password`. */
export function secretName(service: string, variable: string): string {
  return `${containerName(service)}-${variable.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`.replace(/-+$/, '').slice(0, 127);
}

export interface ServiceResult {
  name: string;
  properties: Record<string, unknown>;
  /** Ports the container listens on (published and exposed), for the clash check. */
  listens: { port: number; protocol: 'TCP' | 'UDP'; path: PathSegment[] }[];
  /** Ports opened on the group's public IP. */
  published: PortSpec[];
  mounts: { entry: VolumeEntry; path: PathSegment[] }[];
  cpu: number;
  memoryInGB: number;
  limits?: Record<string, number>;
  secrets: SecretOffer[];
}

export function convertService(service: string, s: Record<string, unknown>, notes: Notes, env: Readonly<Record<string, string | undefined>>): ServiceResult {
  const at = (...p: PathSegment[]): PathSegment[] => ['services', service, ...p];
  const name = containerName(service);
  if (name !== service) notes.add('changed', 'containerName', at(), `Service ${service} is the container ${name}: ACI container names are lower case letters, digits and hyphens.`, service, true);
  const properties: Record<string, unknown> = {};
  const result: ServiceResult = { name, properties, listens: [], published: [], mounts: [], cpu: 0, memoryInGB: 0, secrets: [] };

  if (typeof s.image === 'string' && s.image) {
    properties.image = s.image;
    if (s.build !== undefined) notes.add('changed', 'build', at('build'), `build is not used: the container runs the image ${s.image} from its registry. Build and push it before deploying.`, service, true);
  } else {
    notes.add('blocked', 'build', at(s.build !== undefined ? 'build' : ''), `Service ${service} has no image${s.build !== undefined ? ' (only build:)' : ''}: ACI runs images from a registry. Build and push the image (docker build, docker push, or az acr build), then set image: to it.`, service, true);
  }

  const entrypoint = commandList(s.entrypoint);
  const command = commandList(s.command);
  if (entrypoint) {
    properties.command = [...entrypoint, ...(command ?? [])];
    notes.add('mapped', 'command', at('entrypoint'), `entrypoint${command ? ' and command' : ''} → command.`, service, true);
  } else if (command) {
    properties.command = command;
    const forEntrypoint = command[0]?.startsWith('-') ? ` Here it starts with the option ${command[0]}, meant for that entrypoint.` : '';
    notes.add('changed', 'command', at('command'), `command replaces the image's ENTRYPOINT in ACI, not only its CMD as in Compose: if the image has an entrypoint (e.g. docker-entrypoint.sh), put it first in command.${forEntrypoint}`, service, true);
  }

  convertEnvironment(service, s, notes, env, properties, result);
  convertPorts(service, s, notes, result);
  convertResources(service, s, notes, result);
  properties.resources = { requests: { cpu: result.cpu, memoryInGB: result.memoryInGB }, ...(result.limits ? { limits: result.limits } : {}) };
  const probe = livenessProbe(service, s, notes);
  if (probe) properties.livenessProbe = probe;

  if (Array.isArray(s.volumes)) {
    s.volumes.forEach((v, i) => {
      const entry = parseVolume(v);
      if (entry) result.mounts.push({ entry, path: at('volumes', i) });
      else notes.add('blocked', 'volumes', at('volumes', i), `This volume entry cannot be read.`, service);
    });
  }
  for (const key of Object.keys(s)) {
    if (HANDLED_KEYS.has(key)) continue;
    notes.add('leftOut', 'unsupported', at(key), `${key} has no counterpart in a container group: left out.`, service, true);
  }
  if (s.container_name !== undefined) notes.add('changed', 'containerName', at('container_name'), `container_name is not used: the container is named ${name} after the service.`, service, true);
  if (s.networks !== undefined) notes.add('leftOut', 'unsupported', at('networks'), `networks: the containers of a group share one network; reach other services at localhost.`, service, true);
  if (s.links !== undefined) notes.add('leftOut', 'unsupported', at('links'), `links: the containers of a group share one network; reach other services at localhost.`, service, true);
  return result;
}

function convertEnvironment(service: string, s: Record<string, unknown>, notes: Notes, env: Readonly<Record<string, string | undefined>>, properties: Record<string, unknown>, result: ServiceResult): void {
  const vars = asMapping(s.environment);
  const out: Record<string, unknown>[] = [];
  for (const [key, raw] of Object.entries(vars)) {
    // `NAME` alone takes the value from the environment Compose runs in, or is unset (05-services.md#environment).
    const value = raw === null || raw === undefined ? env[key] : String(raw);
    if (value === undefined) {
      notes.add('leftOut', 'environment', notes.envPath(service, key), `${key} has no value here (it would come from the shell Compose runs in): left out.`, service, true);
      continue;
    }
    if (isSecretName(key)) {
      const secret = secretName(service, key);
      out.push({ name: key, secureValue: `{{secret:${secret}}}` });
      result.secrets.push({ name: secret, value, where: `${service}: ${key}` });
      notes.add('changed', 'secureValue', notes.envPath(service, key), `${key} looks like a secret: written as the secure value {{secret:${secret}}}, its value offered to Set Secret, never to the file.`, service, true);
    } else {
      out.push({ name: key, value });
    }
  }
  if (out.length) properties.environmentVariables = out;
}

function convertPorts(service: string, s: Record<string, unknown>, notes: Notes, result: ServiceResult): void {
  const listen = (port: number, protocol: 'TCP' | 'UDP', path: PathSegment[]): void => {
    if (!result.listens.some((l) => l.port === port && l.protocol === protocol)) result.listens.push({ port, protocol, path });
  };
  (Array.isArray(s.ports) ? s.ports : []).forEach((entry, i) => {
    const path = ['services', service, 'ports', i];
    const specs = parsePorts(entry);
    if (!specs) {
      notes.add('blocked', 'ports', path, `The port ${JSON.stringify(entry)} cannot be published by ACI (a range over 65 ports, or SCTP).`, service);
      return;
    }
    for (const spec of specs) {
      if (spec.published !== undefined && spec.published !== spec.target) {
        notes.add('changed', 'ports', path, `${spec.published}:${spec.target} is published as ${spec.target}: ACI publishes the port the container listens on and cannot map it to another.`, service);
      }
      listen(spec.target, spec.protocol, path);
      // `127.0.0.1:5432:5432` keeps a port on the host alone (05-services.md#ports, HOST_IP): not published.
      if (spec.hostIp && LOOPBACK.test(spec.hostIp)) {
        notes.add('changed', 'ports', path, `${spec.hostIp} keeps port ${spec.target} on this host only: the container listens on it inside the group, and it is not opened on the group's public IP address.`, service);
        continue;
      }
      if (spec.hostIp) notes.add('changed', 'ports', path, `The host address ${spec.hostIp} is not used: the port is opened on the group's public IP address.`, service);
      result.published.push(spec);
    }
  });
  (Array.isArray(s.expose) ? s.expose : []).forEach((entry, i) => {
    for (const spec of parsePorts(entry) ?? []) listen(spec.target, spec.protocol, ['services', service, 'expose', i]);
  });
  if (result.listens.length) result.properties.ports = result.listens.map((l) => ({ port: l.port, protocol: l.protocol }));
}

function convertResources(service: string, s: Record<string, unknown>, notes: Notes, result: ServiceResult): void {
  const deploy = isObject(s.deploy) ? s.deploy : {};
  const res = isObject(deploy.resources) ? deploy.resources : {};
  const limits = isObject(res.limits) ? res.limits : {};
  const reservations = isObject(res.reservations) ? res.reservations : {};
  const num = (v: unknown): number | undefined => (v === undefined || v === null || Number.isNaN(Number(v)) ? undefined : Number(v));
  const gb = (v: unknown): number | undefined => {
    const bytes = v === undefined ? undefined : parseBytes(v);
    return bytes === undefined ? undefined : bytes / 1024 ** 3;
  };
  const cpuLimit = num(limits.cpus) ?? num(s.cpus);
  const memLimit = gb(limits.memory) ?? gb(s.mem_limit);
  const cpuRequest = num(reservations.cpus) ?? cpuLimit;
  const memRequest = gb(reservations.memory) ?? gb(s.mem_reservation) ?? memLimit;
  result.cpu = round(cpuRequest ?? 1, 0.01);
  result.memoryInGB = round(Math.max(memRequest ?? 1, 0.1), 0.1);
  const limit: Record<string, number> = {};
  if (cpuLimit !== undefined && round(cpuLimit, 0.01) > result.cpu) limit.cpu = round(cpuLimit, 0.01);
  if (memLimit !== undefined && round(memLimit, 0.1) > result.memoryInGB) limit.memoryInGB = round(memLimit, 0.1);
  result.limits = Object.keys(limit).length ? limit : undefined;
  const given = cpuRequest !== undefined || memRequest !== undefined;
  notes.add('mapped', 'resources', ['services', service, ...(isObject(s.deploy) ? ['deploy'] : [])], given
    ? `Resources: ${result.cpu} CPU and ${result.memoryInGB} GB requested${Object.keys(limit).length ? ', with limits' : ''} (reservations are requests; limits alone are both).`
    : `No resources given: ${result.cpu} CPU and ${result.memoryInGB} GB requested, as Docker's ACI integration did.`, service, true);
  if (isObject(reservations.devices) || Array.isArray(reservations.devices) || s.gpus !== undefined) {
    notes.add('leftOut', 'resources', ['services', service, 'deploy'], 'GPU devices are left out: ACI retired GPU container groups on 2025-07-14.', service, true);
  }
  const replicas = num(deploy.replicas);
  if (replicas !== undefined && replicas !== 1) notes.add('changed', 'replicas', ['services', service, 'deploy', 'replicas'], `deploy.replicas ${replicas}: a group runs one container per service; deploy more groups for more copies.`, service);
  for (const key of Object.keys(deploy)) {
    if (!['resources', 'restart_policy', 'replicas'].includes(key)) notes.add('leftOut', 'unsupported', ['services', service, 'deploy', key], `deploy.${key} has no counterpart in a container group: left out.`, service, true);
  }
}

function livenessProbe(service: string, s: Record<string, unknown>, notes: Notes): Record<string, unknown> | undefined {
  const hc = s.healthcheck;
  if (!isObject(hc) || hc.disable === true) return undefined;
  const test = hc.test;
  let command: string[] | undefined;
  if (typeof test === 'string') command = ['/bin/sh', '-c', test];
  else if (Array.isArray(test) && test[0] === 'CMD-SHELL') command = ['/bin/sh', '-c', test.slice(1).map(String).join(' ')];
  else if (Array.isArray(test) && test[0] === 'CMD') command = test.slice(1).map(String);
  if (!command || command.length === 0) return undefined;
  const probe: Record<string, unknown> = { exec: { command } };
  const fields: [string, string][] = [['interval', 'periodSeconds'], ['timeout', 'timeoutSeconds'], ['start_period', 'initialDelaySeconds']];
  for (const [from, to] of fields) {
    const seconds = hc[from] === undefined ? undefined : parseSeconds(hc[from]);
    if (seconds !== undefined) probe[to] = Math.max(seconds, 1);
  }
  if (typeof hc.retries === 'number' && hc.retries > 0) probe.failureThreshold = hc.retries;
  notes.add('mapped', 'healthcheck', ['services', service, 'healthcheck'], 'healthcheck → liveness probe: ACI restarts the container when it fails, where Compose only marks it unhealthy.', service, true);
  return probe;
}
