/**
 * A Compose project → one container group definition (the `az container create --file` model), with every
 * rule's finding. Nothing is returned to write when a finding blocks the conversion.
 */
import { newestStableVersion } from '../schema/apiVersion';
import { convertService, containerName, type ServiceResult } from './convertService';
import { loadComposeProject, type ComposeProject, type LoadInput } from './loadProject';
import { Notes } from './notes';
import { rewriteHostnames } from './hostnames';
import { groupVolumes } from './groupVolumes';
import { checkPlainSecrets } from './plainSecrets';
import type { ComposeFinding, ConversionChoices, SecretOffer } from './types';

/** Written as a new definition is: the newest stable api-version. */
export const COMPOSE_API_VERSION = newestStableVersion();
export const DEFAULT_LOCATION = 'westeurope';

export interface ConversionResult {
  /** The definition (a container group in the YAML file's model); undefined when a finding blocks it. */
  definition?: Record<string, unknown>;
  findings: ComposeFinding[];
  /** Values the definition refers to as `{{secret:NAME}}`. */
  secrets: SecretOffer[];
  /** What the user may be asked (see ConversionChoices): services reached by name, named volumes. */
  questions: { hostnames: string[]; namedVolumes: string[] };
  project?: ComposeProject;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The name ACI accepts for the group (lower case, digits, inner hyphens; 1-63). */
function groupNameOf(name: string): string {
  return containerName(name);
}

const RESTART: Record<string, string> = { no: 'Never', always: 'Always', 'unless-stopped': 'Always', 'on-failure': 'OnFailure', none: 'Never', any: 'Always' };

export function convertCompose(input: LoadInput, choices: ConversionChoices = {}): ConversionResult {
  const loaded = loadComposeProject(input);
  const project = loaded.project;
  if (!project) return { findings: loaded.findings, secrets: [], questions: { hostnames: [], namedVolumes: [] } };
  const notes = new Notes(project);
  notes.list.push(...loaded.findings);

  const names = Object.keys(project.services);
  if (!names.length) notes.add('blocked', 'services', ['services'], 'The Compose file has no service to run (or every service is in an inactive profile).');
  const results = new Map<string, ServiceResult>();
  for (const name of names) results.set(name, convertService(name, project.services[name], notes, project.env));
  for (const name of names) notes.add('mapped', 'services', ['services', name], `Service ${name} → container ${results.get(name)?.name}${project.services[name].image ? ` (${String(project.services[name].image)})` : ''}.`, name, true);

  const init = initContainers(project, notes);
  checkPortClash(names.filter((n) => !init.has(n)), results, notes);
  const hostnames = rewriteHostnames(project, results, notes, choices.rewriteHostnames === true);
  const volumes = groupVolumes(project, results, notes, choices);
  const restartPolicy = restartPolicyOf(project, notes);
  for (const key of Object.keys(project.model)) {
    if (['networks', 'configs'].includes(key)) notes.add('leftOut', 'unsupported', [key], `Top-level ${key} has no counterpart in a container group: left out.`, undefined, true);
    if (key === 'include') notes.add('blocked', 'merge', [key], 'include is not read here: convert the included files together with this one (as docker compose -f a.yaml -f b.yaml).', undefined, true);
  }
  checkBudget(names.filter((n) => !init.has(n)), results, notes);
  checkPlainSecrets(project, notes);

  // In the order of the files and of the text, as the report and the CLI list them.
  const order = new Map(project.files.map((f, i) => [f.path, i]));
  notes.list.sort((a, b) => (order.get(a.file) ?? 99) - (order.get(b.file) ?? 99) || a.range.start - b.range.start);
  const secrets = [...results.values()].flatMap((r) => r.secrets);
  const questions = { hostnames, namedVolumes: volumes.named };
  if (notes.blocked) return { findings: notes.list, secrets, questions, project };

  const containers = names.filter((n) => !init.has(n)).map((n) => ({ name: results.get(n)?.name, properties: results.get(n)?.properties }));
  const initContainerList = names
    .filter((n) => init.has(n))
    .map((n) => {
      const { ports: _p, resources: _r, livenessProbe: _l, ...rest } = results.get(n)?.properties ?? {};
      return { name: results.get(n)?.name, properties: rest };
    });
  const published = new Map<string, { port: number; protocol: string }>();
  for (const n of names.filter((x) => !init.has(x))) for (const p of results.get(n)?.published ?? []) published.set(`${p.target}/${p.protocol}`, { port: p.target, protocol: p.protocol });
  const properties: Record<string, unknown> = { osType: 'Linux', restartPolicy, containers };
  if (initContainerList.length) properties.initContainers = initContainerList;
  if (published.size) properties.ipAddress = { type: 'Public', ports: [...published.values()] };
  if (volumes.list.length) properties.volumes = volumes.list;
  const definition = {
    apiVersion: COMPOSE_API_VERSION,
    name: groupNameOf(choices.groupName ?? project.name),
    location: choices.location ?? DEFAULT_LOCATION,
    properties,
  };
  return { definition, findings: notes.list, secrets, questions, project };
}

/**
 * Services another waits for with `condition: service_completed_successfully` are one-shot jobs: they become
 * init containers, which run to completion before the containers start. Any other depends_on is a note: the
 * containers of a group start together.
 */
function initContainers(project: ComposeProject, notes: Notes): Set<string> {
  const init = new Set<string>();
  for (const [name, s] of Object.entries(project.services)) {
    const deps = s.depends_on;
    const entries: [string, unknown][] = Array.isArray(deps) ? deps.map((d) => [String(d), {}]) : isObject(deps) ? Object.entries(deps) : [];
    for (const [dep, how] of entries) {
      if (!project.services[dep]) continue;
      if (isObject(how) && how.condition === 'service_completed_successfully') {
        init.add(dep);
        notes.add('changed', 'dependsOn', ['services', name, 'depends_on'], `${dep} runs to completion before ${name} starts: it is an init container (no ports, resources or probes there).`, name, true);
      } else {
        notes.add('changed', 'dependsOn', ['services', name, 'depends_on'], `depends_on ${dep}: the containers of a group start together, with no order; ${name} has to wait for ${dep} itself (retry its connection).`, name, true);
      }
    }
  }
  return init;
}

/** Containers of a group share one network namespace: two listening on one port cannot both start. */
function checkPortClash(names: string[], results: Map<string, ServiceResult>, notes: Notes): void {
  const owner = new Map<string, string>();
  for (const name of names) {
    for (const l of results.get(name)?.listens ?? []) {
      const key = `${l.port}/${l.protocol}`;
      const first = owner.get(key);
      if (first === undefined) owner.set(key, name);
      else notes.add('blocked', 'portClash', l.path, `Port ${l.port}/${l.protocol.toLowerCase()} is used by ${first} and ${name}: the containers of a group share one network, so only one of them can listen on it. Change one service's port, or deploy it as its own group.`, name);
    }
  }
}

/** One restart policy for the group (ACI has no per-container one): the services' own, or Always (ACI's default). */
function restartPolicyOf(project: ComposeProject, notes: Notes): string {
  const chosen = new Map<string, string[]>();
  for (const [name, s] of Object.entries(project.services)) {
    const policy = isObject(s.deploy) && isObject(s.deploy.restart_policy) ? String(s.deploy.restart_policy.condition ?? 'any') : typeof s.restart === 'string' ? s.restart.split(':')[0] : undefined;
    if (policy === undefined) continue;
    const aci = RESTART[policy] ?? 'Always';
    chosen.set(aci, [...(chosen.get(aci) ?? []), name]);
  }
  if (chosen.size === 0) {
    notes.add('mapped', 'restart', ['services'], 'No service sets restart: the group restarts its containers Always, ACI\'s default (and Docker\'s ACI integration\'s).', undefined, true);
    return 'Always';
  }
  const ranked = [...chosen.entries()].sort((a, b) => b[1].length - a[1].length);
  const [policy, services] = ranked[0];
  if (ranked.length > 1) {
    for (const [other, those] of ranked.slice(1)) for (const s of those) notes.add('changed', 'restart', ['services', s, 'restart'], `${s} asks for ${other}, but a group has one restart policy: ${policy}, as ${services.join(', ')} ask.`, s, true);
  } else {
    notes.add('mapped', 'restart', ['services', services[0], 'restart'], `restart → restartPolicy ${policy}.`, services[0], true);
  }
  return policy;
}

/** The group's sums against the documented limits: 31 CPU / 240 GB at most, above 4 CPU / 16 GB capacity may fail. */
function checkBudget(names: string[], results: Map<string, ServiceResult>, notes: Notes): void {
  let cpu = 0;
  let memory = 0;
  for (const n of names) {
    cpu += results.get(n)?.cpu ?? 0;
    memory += results.get(n)?.memoryInGB ?? 0;
  }
  cpu = Math.round(cpu * 100) / 100;
  memory = Math.round(memory * 10) / 10;
  if (cpu > 31 || memory > 240) notes.add('blocked', 'groupBudget', ['services'], `The containers request ${cpu} CPU and ${memory} GB in all: a container group has at most 31 CPU and 240 GB.`, undefined, true);
  else if (cpu > 4 || memory > 16) notes.add('changed', 'groupBudget', ['services'], `The containers request ${cpu} CPU and ${memory} GB in all: groups above 4 CPU / 16 GB may not find capacity in a region. Lower the services' reservations if they need less.`, undefined, true);
}
