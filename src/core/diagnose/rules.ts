/**
 * Why a container group (or one of its containers) fails, read from its live state: states, exit codes, restart
 * counts and the events Azure lists. Each rule names the cause, the fix and the Microsoft document it comes from;
 * when none matches, the result says what was checked. Plain English data: the command lays it out.
 *
 * Sources (each rule cites its own):
 * - Troubleshoot common issues in Azure Container Instances:
 *   https://learn.microsoft.com/azure/container-instances/container-instances-troubleshooting
 *   ("Unable to pull image": events Failed "Failed to pull image …" and BackOff "Back-off pulling image …";
 *   "Container continually exits and restarts"; "Resource not available in location": ServiceUnavailable
 *   "The requested resource with 'x' CPU and 'y' GB memory is not available in the location …").
 * - Liveness and readiness probes: https://learn.microsoft.com/azure/container-instances/container-instances-liveness-probe
 *   and …/container-instances-readiness-probe (events Unhealthy "Liveness probe failed: …", then Killing).
 * - Out of memory (exit code 137, SIGKILL after the memory limit):
 *   https://learn.microsoft.com/troubleshoot/azure/azure-container-instances/configuration-setup/container-group-memory-limit
 * - Docker Hub's pull rate limit (`toomanyrequests`):
 *   https://learn.microsoft.com/azure/container-registry/buffer-gate-public-content
 * - Quotas and region limits: https://learn.microsoft.com/azure/container-instances/container-instances-resource-and-quota-limits
 * - A deploy's own errors, as the PUT returns them (MicrosoftDocs/SupportArticles-docs,
 *   support/azure/azure-container-instances/configuration-setup/, commit 03bc52bef875f55ec902389faf6de271f8661346):
 *   ServiceUnavailable (409) "The requested resource is not available in the location '<region>' at this moment. …"
 *   (service-unavailable-requested-resource-is-not-available.md); ServiceUnavailable "Resource type
 *   'Microsoft.ContainerInstance/containerGroups' container group quota 'ContainerGroups' exceeded in region '<region>'.
 *   Limit: '0', Usage: '0' Requested: '1'." — a limit of 0 set while groups of one name deploy to several regions at
 *   once (service-unavailable-container-group-quota-exceeded.md); ContainerGroupQuotaReached with the same wording for
 *   'StandardSpotCores' (spot-container-group-quota-reached-error.md); DnsNameLabelAlreadyTaken "The DNS name label
 *   '<label>' in container group '<group>' is not available. Try using a different label." (az container create as
 *   quoted in public AZ-204 lab notes; the message alone in shahiddev/docker-k8s-workshop#2).
 * - DNS name labels (unique per region; reuse policy): https://learn.microsoft.com/azure/container-instances/how-to-reuse-dns-names
 * - Spot containers (evicted when Azure needs the capacity back):
 *   https://learn.microsoft.com/azure/container-instances/container-instances-spot-containers-overview
 */
import type { LiveContainer, LiveEvent, LiveGroup } from '../containerGroup/liveState';

export const DOCS = {
  troubleshooting: 'https://learn.microsoft.com/azure/container-instances/container-instances-troubleshooting',
  liveness: 'https://learn.microsoft.com/azure/container-instances/container-instances-liveness-probe',
  readiness: 'https://learn.microsoft.com/azure/container-instances/container-instances-readiness-probe',
  memory: 'https://learn.microsoft.com/troubleshoot/azure/azure-container-instances/configuration-setup/container-group-memory-limit',
  pullRateLimit: 'https://learn.microsoft.com/azure/container-registry/buffer-gate-public-content',
  registryAuth: 'https://learn.microsoft.com/azure/container-instances/container-instances-using-azure-container-registry',
  quotas: 'https://learn.microsoft.com/azure/container-instances/container-instances-resource-and-quota-limits',
  quotaZero: 'https://learn.microsoft.com/troubleshoot/azure/azure-container-instances/configuration-setup/service-unavailable-container-group-quota-exceeded',
  spotQuota: 'https://learn.microsoft.com/troubleshoot/azure/azure-container-instances/configuration-setup/spot-container-group-quota-reached-error',
  capacity: 'https://learn.microsoft.com/troubleshoot/azure/azure-container-instances/configuration-setup/service-unavailable-requested-resource-is-not-available',
  dnsLabel: 'https://learn.microsoft.com/azure/container-instances/how-to-reuse-dns-names',
  spot: 'https://learn.microsoft.com/azure/container-instances/container-instances-spot-containers-overview',
  restartPolicy: 'https://learn.microsoft.com/azure/container-instances/container-instances-restart-policy',
} as const;

export type CauseKind =
  | 'imageNotFound'
  | 'imageUnauthorized'
  | 'pullThrottled'
  | 'imagePull'
  | 'outOfMemory'
  | 'probeFailed'
  | 'restartLoop'
  | 'exitedWithError'
  | 'dnsLabelTaken'
  | 'capacity'
  | 'quota'
  | 'spotEviction';

export interface Cause {
  kind: CauseKind;
  /** The container it concerns; undefined for the group. */
  container?: string;
  title: string;
  /** What in the live state shows it (an event's words, an exit code). */
  evidence: string;
  fix: string;
  doc: string;
}

export interface Diagnosis {
  causes: Cause[];
  /** What was looked at, said whether a cause was found or not. */
  checked: string[];
}

/** An error Azure gave for the group (a failed deploy's code and message), when the caller has one. */
export interface GroupError {
  code?: string;
  message?: string;
}

const text = (e: LiveEvent) => `${e.name ?? ''}: ${e.message ?? ''}`;
const quoted = (e: LiveEvent) => `${e.name ?? 'Event'}: "${e.message ?? ''}"${e.count && e.count > 1 ? ` (×${e.count})` : ''}`;

/** The image a pull event names (`Failed to pull image "x": …`), else the container's. */
function imageOf(e: LiveEvent, c: LiveContainer): string {
  return /image "([^"]+)"/.exec(e.message ?? '')?.[1] ?? c.image ?? '?';
}

function pullCause(c: LiveContainer): Cause | undefined {
  const failed = c.events.find((e) => /failed to pull image|back-off pulling image|errimagepull|imagepullbackoff|inaccessibleimage/i.test(text(e)));
  const waitingOnPull = /errimagepull|imagepullbackoff/i.test(c.current?.detailStatus ?? '');
  if (!failed && !waitingOnPull) return undefined;
  const e = failed ?? { name: c.current?.detailStatus, message: '' };
  const all = c.events.map(text).join('\n');
  const image = failed ? imageOf(failed, c) : (c.image ?? '?');
  const evidence = failed ? quoted(c.events.find((x) => /failed to pull/i.test(text(x))) ?? failed) : `${c.current?.state}: ${e.name}`;
  if (/toomanyrequests|too many requests|rate limit/i.test(all)) {
    return { kind: 'pullThrottled', container: c.name, title: `The registry throttled the pull of ${image}`, evidence, doc: DOCS.pullRateLimit,
      fix: 'Docker Hub limits anonymous pulls: pull with registry credentials (imageRegistryCredentials), or import the image into an Azure Container Registry and deploy it from there.' };
  }
  if (/unauthori[sz]ed|authentication required|access denied|denied:|401|forbidden|not accessible/i.test(all)) {
    return { kind: 'imageUnauthorized', container: c.name, title: `The registry refused the pull of ${image}`, evidence, doc: DOCS.registryAuth,
      fix: 'Check imageRegistryCredentials: the server must match the image\'s registry, and the user name and password (or the managed identity) must have pull access.' };
  }
  if (/not found|manifest unknown|does not exist|no such host/i.test(all)) {
    return { kind: 'imageNotFound', container: c.name, title: `The image ${image} was not found`, evidence, doc: DOCS.troubleshooting,
      fix: 'Check the image name and tag for typos, and that the tag exists in the registry (docker pull it locally).' };
  }
  return { kind: 'imagePull', container: c.name, title: `The image ${image} could not be pulled`, evidence, doc: DOCS.troubleshooting,
    fix: 'Check the image name, the tag and the registry credentials; the event\'s words say what the registry answered.' };
}

function probeCause(c: LiveContainer): Cause | undefined {
  const e = c.events.find((x) => /(liveness|readiness) probe failed/i.test(x.message ?? '') || /^unhealthy$/i.test(x.name ?? ''));
  if (!e) return undefined;
  const readiness = /readiness/i.test(e.message ?? '');
  return { kind: 'probeFailed', container: c.name, title: `The ${readiness ? 'readiness' : 'liveness'} probe of ${c.name} fails`, evidence: quoted(e),
    doc: readiness ? DOCS.readiness : DOCS.liveness,
    fix: readiness
      ? 'The container gets no traffic until the probe passes: check the probe\'s command or path and port, and give the application time (initialDelaySeconds).'
      : 'A failing liveness probe restarts the container: check the probe\'s command or path and port, raise initialDelaySeconds or failureThreshold if the application starts slowly.' };
}

function exitCause(c: LiveContainer): Cause | undefined {
  const ended = [c.current, c.previous].find((s) => s?.exitCode !== undefined && s.exitCode !== 0);
  const restarts = c.restartCount ?? 0;
  const oom = [c.current, c.previous].find((s) => s?.exitCode === 137 || /oomkilled/i.test(s?.detailStatus ?? ''));
  if (oom) {
    return { kind: 'outOfMemory', container: c.name, title: `${c.name} ran out of memory (exit code 137)`,
      evidence: `exit code ${oom.exitCode ?? '?'}${oom.detailStatus ? `, ${oom.detailStatus}` : ''}${restarts ? `, ${restarts} restarts` : ''}`, doc: DOCS.memory,
      fix: 'Exit code 137 is a kill (SIGKILL), most often at the memory limit: raise resources.requests.memoryInGB (and limits if set), or lower what the application uses.' };
  }
  const backOff = c.events.find((e) => /back-off restarting failed container/i.test(e.message ?? ''));
  if (restarts >= 3 || backOff) {
    return { kind: 'restartLoop', container: c.name, title: `${c.name} restarts in a loop`,
      evidence: [`${restarts} restarts`, ended ? `last exit code ${ended.exitCode}` : undefined, backOff ? quoted(backOff) : undefined].filter(Boolean).join('; '),
      doc: DOCS.troubleshooting,
      fix: 'The container\'s command ends or crashes and the restart policy starts it again: read its logs (Show Logs) for the error; a command meant to run once wants restartPolicy OnFailure or Never.' };
  }
  if (ended) {
    return { kind: 'exitedWithError', container: c.name, title: `${c.name} exited with code ${ended.exitCode}`, evidence: `${ended.state ?? 'Terminated'}, exit code ${ended.exitCode}${ended.detailStatus ? `, ${ended.detailStatus}` : ''}`,
      doc: DOCS.restartPolicy, fix: 'Read the container\'s logs (Show Logs) for the error its command printed.' };
  }
  return undefined;
}

/** "quota 'StandardCores' exceeded in region 'eastus'. Limit: '10', Usage: '10' Requested: '4'." read into its parts. */
function quotaNumbers(words: string): { quota?: string; region?: string; limit?: number; usage?: number; requested?: number } {
  const num = (label: string) => {
    const m = new RegExp(`${label}:\\s*'(\\d+(?:\\.\\d+)?)'`, 'i').exec(words);
    return m ? Number(m[1]) : undefined;
  };
  return {
    quota: /quota '([^']+)'/i.exec(words)?.[1],
    region: /in region '([^']+)'/i.exec(words)?.[1],
    limit: num('Limit'),
    usage: num('Usage'),
    requested: num('Requested'),
  };
}

function quotaCause(words: string, evidence: string): Cause {
  const q = quotaNumbers(words);
  const where = `${q.quota ? `${q.quota} ` : ''}quota${q.region ? ` in ${q.region}` : ''}`;
  const figures = q.limit === undefined ? '' : `: limit ${q.limit}${q.usage === undefined ? '' : `, ${q.usage} in use`}${q.requested === undefined ? '' : `, ${q.requested} asked`}`;
  const title = `The subscription's ${where} is used up${figures}`;
  if (/spot/i.test(q.quota ?? '')) {
    return { kind: 'quota', title, evidence, doc: DOCS.spotQuota,
      fix: 'Spot cores have their own quota (0 for some subscription types): ask for an increase (Azure support request), or deploy with the Regular priority.' };
  }
  if (q.limit === 0 && /ServiceUnavailable/i.test(words)) {
    return { kind: 'quota', title, evidence, doc: DOCS.quotaZero,
      fix: 'A limit of 0 is set when groups of the same name are deployed to several regions at the same time: deploy them one at a time.' };
  }
  return { kind: 'quota', title, evidence, doc: DOCS.quotas,
    fix: 'Delete or stop groups you no longer need, deploy to another region, or ask for a quota increase (Azure support request).' };
}

/** Causes Azure states for the whole group: in its events or in the error a deploy got. */
function groupCauses(g: LiveGroup, error: GroupError | undefined): Cause[] {
  const sources: { words: string; evidence: string }[] = g.events.map((e) => ({ words: text(e), evidence: quoted(e) }));
  if (error && (error.code || error.message)) sources.push({ words: `${error.code ?? ''}: ${error.message ?? ''}`, evidence: `${error.code ?? 'Error'}: "${error.message ?? ''}"` });
  const causes: Cause[] = [];
  const seen = new Set<CauseKind>();
  const add = (c: Cause) => {
    if (!seen.has(c.kind)) causes.push(c);
    seen.add(c.kind);
  };
  for (const s of sources) {
    if (/dns ?name ?label.*(taken|in use|already|not available)|DnsNameLabel(AlreadyTaken|NotAvailable|Conflict)/i.test(s.words)) {
      add({ kind: 'dnsLabelTaken', title: 'The DNS name label is already taken in this region', evidence: s.evidence, doc: DOCS.dnsLabel,
        fix: 'Labels are unique per region: choose another ipAddress.dnsNameLabel, or set autoGeneratedDomainNameLabelScope (the DNS name reuse policy) so Azure adds a unique hash.' });
    } else if (/quota|exceed.*limit|limit.*exceed|StandardCores|ContainerGroupQuotaReached/i.test(s.words)) {
      add(quotaCause(s.words, s.evidence));
    } else if (/ServiceUnavailable|InsufficientCapacity|SkuNotAvailable|not available in the location|capacity/i.test(s.words)) {
      add({ kind: 'capacity', title: 'The region has no capacity for this size right now', evidence: s.evidence, doc: DOCS.capacity,
        fix: 'This is usually brief: retry later, ask for fewer CPU or less memory (above 4 CPU or 16 GB Azure adds capacity on request), or deploy to another region (the capabilities of each region list what fits).' });
    } else if (/evict/i.test(s.words)) {
      add({ kind: 'spotEviction', title: 'The Spot group was evicted', evidence: s.evidence, doc: DOCS.spot,
        fix: 'Spot capacity is taken back without notice: deploy again (Start) when capacity returns, or use the Standard priority for work that must not stop.' });
    }
  }
  return causes;
}

/** Every cause the live state shows, group first, then each container's (or only `container`'s). */
export function diagnose(g: LiveGroup, options: { container?: string; error?: GroupError } = {}): Diagnosis {
  const containers = options.container === undefined ? g.containers : g.containers.filter((c) => c.name.toLowerCase() === options.container?.toLowerCase());
  const causes = options.container === undefined ? groupCauses(g, options.error) : [];
  const checked = [
    `Group: provisioning ${g.provisioningState ?? 'unknown'}, state ${g.state ?? 'unknown'}, ${g.events.length} event(s)${options.error ? ', the last deploy error' : ''}`,
  ];
  for (const c of containers) {
    const found = [pullCause(c), probeCause(c), exitCause(c)].filter((x): x is Cause => x !== undefined);
    // A failing liveness probe kills (exit 137 or 143) and restarts the container: the probe, not the loop or the
    // kill, is the cause to fix.
    const probe = found.some((x) => x.kind === 'probeFailed');
    causes.push(...found.filter((x) => !(probe && (x.kind === 'restartLoop' || x.kind === 'exitedWithError' || x.kind === 'outOfMemory'))));
    const states = [c.current?.state ?? 'state unknown', c.current?.detailStatus, c.restartCount ? `${c.restartCount} restarts` : '0 restarts'];
    const exit = c.current?.exitCode ?? c.previous?.exitCode;
    checked.push(`${c.init ? 'Init container' : 'Container'} ${c.name}: ${states.filter(Boolean).join(', ')}${exit === undefined ? '' : `, last exit code ${exit}`}, ${c.events.length} event(s)`);
  }
  if (options.container !== undefined && containers.length === 0) checked.push(`No container named ${options.container} in the group's live state`);
  return { causes, checked };
}

/**
 * The cause a deploy's own error names (DNS label taken, quota, capacity), or undefined when its words name none of
 * these: the same rules Diagnose applies to the group's events.
 */
export function deployErrorCause(error: GroupError): Cause | undefined {
  return groupCauses({ events: [], containers: [] }, error)[0];
}

/** A group Azure does not have, after a deploy it refused: the cause that deploy's error names. */
export function diagnoseRefusedDeploy(error: GroupError): Diagnosis {
  const cause = deployErrorCause(error);
  return {
    causes: cause ? [cause] : [],
    checked: ['Group: not deployed (Azure has no group of this name)', `The last deploy's error: ${error.code ?? 'Error'}: "${error.message ?? ''}"`],
  };
}
