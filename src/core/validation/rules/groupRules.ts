/** Rules that need the whole container group (cross-references, counts, totals). */
import { PathSegment } from '../../definition/types';
import { isSecretPlaceholder } from '../../definition/secrets';
import { findExamplePlaceholder } from '../../definition/examplePlaceholders';
import { Code } from '../../definition/findingCodes';
import { checkContainer } from './containerRules';
import { checkSecretReferences, checkSpot } from './priorityAndReferenceRules';
import { DNS_LABEL, GROUP_NAME, SHORT_VOLUME_NAME, suggestName, VOLUME_NAME } from './naming';
import { list } from '../../definition/plainValues';
import { emit, hasExpression, num, obj, RuleContext, literalString } from './ruleContext';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const P: PathSegment[] = ['properties'];

/** `group` is the normalized group with `properties.containers` emptied; `containers` holds the items. */
export function checkGroup(group: Record<string, unknown>, containers: unknown[], ctx: RuleContext): void {
  const props = obj(group.properties) ?? {};
  checkHeader(group, ctx);
  const inits = list(props.initContainers);
  inits.forEach((c, i) => checkContainer(c, [...P, 'initContainers', i], ctx, 'init container'));

  if (containers.length > 60) emit(ctx, Code.tooManyContainers, 'error', `A container group can hold at most 60 containers; this one has ${containers.length}.`, [...P, 'containers'], { preferKey: true });
  if (literalString(ctx, props.osType) === 'Windows' && containers.length > 1) {
    emit(ctx, Code.windowsMultiContainer, 'error', 'Windows container groups support a single container; use osType Linux or split the containers into several groups.', [...P, 'osType']);
  }
  const names = new Map<string, true>();
  const checkDuplicate = (c: unknown, path: PathSegment[]) => {
    const name = literalString(ctx, obj(c)?.name);
    if (name === undefined) return;
    if (names.has(name)) emit(ctx, Code.duplicateContainer, 'error', `Container name '${name}' is used twice; each container and init container needs its own name.`, [...path, 'name']);
    names.set(name, true);
  };
  containers.forEach((c, i) => checkDuplicate(c, [...P, 'containers', i]));
  inits.forEach((c, i) => checkDuplicate(c, [...P, 'initContainers', i]));
  checkSharedPorts(containers, ctx);

  const volumeNames = checkVolumes(list(props.volumes), ctx);
  const volumesKnown = !hasExpression(ctx, [props.volumes, ...list(props.volumes).map((v) => obj(v)?.name)]);
  const checkMounts = (c: unknown, path: PathSegment[]) => {
    list(obj(obj(c)?.properties)?.volumeMounts).forEach((m, j) => {
      const name = literalString(ctx, obj(m)?.name);
      if (name === undefined || !volumesKnown || volumeNames.has(name)) return;
      const declared = [...volumeNames].join(', ');
      emit(ctx, Code.mountUnknownVolume, 'error', `Volume mount '${name}' names no volume of this group; declare it under properties.volumes${declared ? ` or use one of: ${declared}` : ''}.`, [...path, 'properties', 'volumeMounts', j, 'name'], { data: { declared: [...volumeNames] }, replacements: [...volumeNames] });
    });
  };
  containers.forEach((c, i) => checkMounts(c, [...P, 'containers', i]));
  inits.forEach((c, i) => checkMounts(c, [...P, 'initContainers', i]));

  checkNetwork(props, containers, ctx);
  checkIdentity(group, props, ctx);
  checkSpot(props, containers, ctx);
  checkSecretReferences(props, containers, ctx);
  checkTotals(props, containers, ctx);
  if (literalString(ctx, props.sku) === 'Confidential' && !obj(props.confidentialComputeProperties)?.ccePolicy) {
    emit(ctx, Code.confidentialPolicy, 'warning', "sku 'Confidential' needs confidentialComputeProperties.ccePolicy (the base64 enforcement policy, e.g. from 'az confcom acipolicygen').", [...P, 'sku']);
  }
}

function checkHeader(group: Record<string, unknown>, ctx: RuleContext): void {
  const name = ctx.profile ? undefined : literalString(ctx, group.name);
  if (name !== undefined && !GROUP_NAME.test(name)) {
    const suggestion = suggestName(name);
    // The service accepts upper case (the docs' own examples use myContainerGroup), so case alone only warns.
    const caseOnly = GROUP_NAME.test(name.toLowerCase());
    emit(ctx, Code.groupName, caseOnly ? 'warning' : 'error', `Container group name '${name}' ${caseOnly ? 'should be' : 'must be'} 1-63 lowercase letters, digits or hyphens, with no leading, trailing or double hyphen.`, ['name'], {
      data: { suggestion },
      ...(GROUP_NAME.test(suggestion) ? { fixText: { title: `Rename to ${suggestion}`, newText: suggestion } } : {}),
    });
  }
  const zones = list(group.zones);
  if (zones.length > 1) emit(ctx, Code.multipleZones, 'error', 'Container groups support a single availability zone; keep one entry in zones.', ['zones'], { preferKey: true });
}

function checkVolumes(volumes: unknown[], ctx: RuleContext): Set<string> {
  const names = new Set<string>();
  if (volumes.length > 20) emit(ctx, Code.tooManyVolumes, 'error', `A container group can hold at most 20 volumes; this one has ${volumes.length}.`, [...P, 'volumes'], { preferKey: true });
  volumes.forEach((v, i) => {
    const volume = obj(v);
    if (!volume) return;
    const at: PathSegment[] = [...P, 'volumes', i];
    const name = literalString(ctx, volume.name);
    if (name !== undefined) {
      if (names.has(name)) emit(ctx, Code.duplicateVolume, 'error', `Volume name '${name}' is used twice; give each volume its own name.`, [...at, 'name']);
      names.add(name);
      if (!VOLUME_NAME.test(name)) {
        // Letter case and the documented 5-character minimum are not enforced consistently by the service
        // (the docs' own examples break them): warn. Other characters are rejected: error.
        const lenient = SHORT_VOLUME_NAME.test(name.toLowerCase());
        emit(ctx, Code.volumeName, lenient ? 'warning' : 'error', `Volume name '${name}' ${lenient ? 'should be' : 'must be'} 5-63 lowercase letters, digits or hyphens, with no leading, trailing or double hyphen.`, [...at, 'name'], { data: { suggestion: suggestName(name) } });
      }
    }
    const sources = ['azureFile', 'emptyDir', 'gitRepo', 'secret'].filter((k) => volume[k] !== undefined);
    if (sources.length !== 1) {
      const message = sources.length === 0 ? `Volume${name ? ` '${name}'` : ''} has no source; add exactly one of azureFile, emptyDir, gitRepo or secret.` : `Volume${name ? ` '${name}'` : ''} has several sources (${sources.join(', ')}); keep exactly one.`;
      emit(ctx, Code.volumeSource, 'error', message, sources.length ? [...at, sources[1]] : [...at, 'name'], { preferKey: true });
    }
    const directory = literalString(ctx, obj(volume.gitRepo)?.directory);
    if (directory?.includes('..')) {
      emit(ctx, Code.gitRepoDirectory, 'error', `gitRepo directory '${directory}' must not contain or start with '..'; use '.' for the volume root or a plain subdirectory name.`, [...at, 'gitRepo', 'directory']);
    }
    const secret = obj(volume.secret);
    // Azure returns a secret volume without its files: an imported one is empty until the user fills it.
    if (secret && Object.keys(secret).length === 0) {
      emit(ctx, Code.emptySecretVolume, 'warning', `Secret volume${name ? ` '${name}'` : ''} holds no files; add each as FILE_NAME: '{{secret:NAME}}' (Azure does not return a secret volume's files, so an import cannot fill them).`, [...at, 'secret'], { preferKey: true });
    }
    for (const [file, content] of Object.entries(secret ?? {})) {
      const s = literalString(ctx, content);
      // A placeholder (ours, or one from an example, which has its own warning) is not the content.
      if (s === undefined || isSecretPlaceholder(s) || findExamplePlaceholder(s, true) !== undefined) continue;
      if (!BASE64.test(s.replace(/\s+/g, ''))) {
        // The value is a secret: the message names the file, never the content.
        emit(ctx, Code.secretNotBase64, 'error', `Secret volume file '${file}' must be base64-encoded (e.g. the output of base64 -w0 FILE).`, [...at, 'secret', file]);
      }
    }
  });
  return names;
}

/**
 * The containers of a group share one local network (Microsoft Learn, "Container groups in Azure Container
 * Instances": they share "a lifecycle, resources, local network, and storage volumes"; its example gives each
 * container its own port): two listening on one port and protocol collide, and only one of them can bind it.
 */
function checkSharedPorts(containers: unknown[], ctx: RuleContext): void {
  const first = new Map<string, string>();
  containers.forEach((c, i) => {
    const name = literalString(ctx, obj(c)?.name) ?? `#${i + 1}`;
    const seenHere = new Set<string>();
    list(obj(obj(c)?.properties)?.ports).forEach((port, j) => {
      const n = num(obj(port)?.port);
      if (n === undefined) return;
      const protocol = (literalString(ctx, obj(port)?.protocol) ?? 'TCP').toUpperCase();
      const key = `${n}/${protocol}`;
      if (seenHere.has(key)) return;
      seenHere.add(key);
      const other = first.get(key);
      if (other === undefined) first.set(key, name);
      else emit(ctx, Code.sharedPort, 'warning', `Containers '${other}' and '${name}' both expose port ${n} (${protocol}); the containers of a group share one network, so only one of them can listen on it. Give each its own port.`, [...P, 'containers', i, 'properties', 'ports', j, 'port']);
    });
  });
}

function checkNetwork(props: Record<string, unknown>, containers: unknown[], ctx: RuleContext): void {
  const ip = obj(props.ipAddress);
  if (!ip) return;
  const at: PathSegment[] = [...P, 'ipAddress'];
  const ports = list(ip.ports);
  if (ports.length > 5) emit(ctx, Code.tooManyPorts, 'error', `An IP address can expose at most 5 ports; this one lists ${ports.length}.`, [...at, 'ports'], { preferKey: true });
  const exposed = new Set<number>();
  let unknown = false;
  for (const c of containers) {
    for (const port of list(obj(obj(c)?.properties)?.ports)) {
      const n = num(obj(port)?.port);
      if (n === undefined) unknown = true;
      else exposed.add(n);
    }
  }
  if (!unknown) {
    ports.forEach((port, i) => {
      const n = num(obj(port)?.port);
      if (n !== undefined && !exposed.has(n)) {
        emit(ctx, Code.portNotExposed, 'warning', `Port ${n} is opened on the group but no container exposes it; add it to a container's ports or remove it.`, [...at, 'ports', i, 'port']);
      }
    });
  }
  if (!ctx.profile && literalString(ctx, ip.type) === 'Private' && list(props.subnetIds).length === 0 && !hasExpression(ctx, [props.subnetIds])) {
    emit(ctx, Code.privateWithoutSubnet, 'error', "A 'Private' IP address needs properties.subnetIds (the virtual network subnet to deploy into).", [...at, 'type']);
  }
  const label = literalString(ctx, ip.dnsNameLabel);
  if (label !== undefined && !DNS_LABEL.test(label)) {
    emit(ctx, Code.dnsLabel, 'error', `DNS name label '${label}' must be 5-63 letters, digits or hyphens, starting and ending with a letter or digit.`, [...at, 'dnsNameLabel']);
  }
}

function checkIdentity(group: Record<string, unknown>, props: Record<string, unknown>, ctx: RuleContext): void {
  // A profile has no identity of its own: the identities it names are those of the groups made from it.
  if (ctx.profile) return;
  const identity = obj(group.identity);
  const type = literalString(ctx, identity?.type);
  const uami = obj(identity?.userAssignedIdentities);
  const declared = Object.keys(uami ?? {});
  const hasUser = type === 'UserAssigned' || type === 'SystemAssigned, UserAssigned';
  if (hasUser && declared.length === 0 && !hasExpression(ctx, [identity?.userAssignedIdentities])) {
    emit(ctx, Code.userAssignedMissing, 'error', `Identity type '${type}' needs identity.userAssignedIdentities with at least one identity resource ID (each mapped to {}).`, ['identity', 'type']);
  }
  if (identity && type === undefined && identity.type !== undefined) return;
  const unknownSet = hasExpression(ctx, declared) || hasExpression(ctx, [identity?.userAssignedIdentities]);
  const lower = new Set(declared.map((d) => d.toLowerCase()));
  const check = (value: unknown, path: PathSegment[]) => {
    const id = literalString(ctx, value);
    if (id === undefined || unknownSet || id === '') return;
    if (!hasUser || !lower.has(id.toLowerCase())) {
      emit(ctx, Code.identityNotDeclared, 'error', `Identity '${id}' is not declared; add it to identity.userAssignedIdentities (and use type 'UserAssigned' or 'SystemAssigned, UserAssigned').`, path, { data: { declared } });
    }
  };
  check(obj(props.encryptionProperties)?.identity, [...P, 'encryptionProperties', 'identity']);
  list(props.imageRegistryCredentials).forEach((c, i) => {
    const id = obj(c)?.identity;
    // 'identity' may also name the system identity or be empty; only resource IDs are cross-checked.
    if (typeof id === 'string' && id.startsWith('/')) check(id, [...P, 'imageRegistryCredentials', i, 'identity']);
  });
  // A key vault secret reference is read with the user-assigned identity it names (2025-09-01 SecretReference.identity).
  list(props.secretReferences).forEach((r, i) => check(obj(r)?.identity, [...P, 'secretReferences', i, 'identity']));
}

function checkTotals(props: Record<string, unknown>, containers: unknown[], ctx: RuleContext): void {
  const sku = literalString(ctx, props.sku);
  const spot = literalString(ctx, props.priority) === 'Spot';
  const [maxCpu, maxMemory, kind] = spot ? [4, 16, 'Spot'] : sku === 'Confidential' ? [31, 180, 'Confidential'] : [31, 240, 'Standard'];
  const limits = { cpu: [maxCpu, 'CPU'], memoryInGB: [maxMemory, 'GB'] } as const;
  let cpu = 0;
  let memory = 0;
  let overOnItsOwn = false;
  containers.forEach((c, i) => {
    const requests = obj(obj(obj(obj(c)?.properties)?.resources)?.requests);
    cpu += num(requests?.cpu) ?? 0;
    memory += num(requests?.memoryInGB) ?? 0;
    // One container over the group maximum is reported on its own value (which may come from a parameter).
    for (const key of ['cpu', 'memoryInGB'] as const) {
      const n = num(requests?.[key]);
      const [max, unit] = limits[key];
      if (n === undefined || n <= max) continue;
      overOnItsOwn = true;
      emit(ctx, Code.resources, 'warning', `requests.${key} ${round(n)} is more than the documented maximum of ${max} ${unit} for a ${kind} group (limits vary by region).`, [...P, 'containers', i, 'properties', 'resources', 'requests', key]);
    }
  });
  const at: PathSegment[] = [...P, 'containers'];
  if (overOnItsOwn) return;
  if (cpu > maxCpu || memory > maxMemory) {
    emit(ctx, Code.resources, 'warning', `The containers request ${round(cpu)} CPU and ${round(memory)} GB in total; the documented maximum for a ${kind} group is ${maxCpu} CPU and ${maxMemory} GB (limits vary by region).`, at, { preferKey: true });
  } else if (cpu > 4 || memory > 16) {
    emit(ctx, Code.resources, 'info', `The containers request ${round(cpu)} CPU and ${round(memory)} GB in total; groups above 4 CPU or 16 GB may fail on regional capacity.`, at, { preferKey: true });
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
