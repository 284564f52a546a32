/**
 * Deterministic `az container create --file` YAML definition with many containers and a few planted
 * defects, used to compare editing features on a large file. The same options always give the same text.
 */
import type { PathSegment } from '../../src/core/definition';

export interface PlantedDefect {
  /** Short label for the table. */
  label: string;
  /** The finding code the extension is expected to report. */
  code: string;
  container: number;
  /** Path prefix the extension's finding must start with. */
  path: PathSegment[];
  /** 0-based line span of the container's list item, inclusive (to match findings by line). */
  firstLine: number;
  lastLine: number;
}

/** A run of digits whose characters can be changed one at a time without changing the text length. */
export interface EditSite {
  container: number;
  kind: 'env value' | 'image tag';
  offset: number;
  length: number;
}

export interface GeneratedDefinition {
  text: string;
  lines: number;
  planted: PlantedDefect[];
  editSites: EditSite[];
  /** Offset inside the `image` key of a container far from the edits, for hover. */
  hoverOffset: number;
  /** Offset at the start of a `protocol` value (`TCP`), for completion of the enum. */
  completionOffset: number;
}

export interface GenerateOptions {
  containers?: number;
  /** The api-version the file names (2023-05-01 when undefined). */
  apiVersion?: string;
  seed?: number;
  /**
   * Write it the way real definitions are written (see REAL_CONSTRUCTS): resource-ID keys, block scalars,
   * anchors and aliases, flow lists with paths and quotes, comments anywhere. Same containers and defects.
   */
  real?: boolean;
  /** With `real`: containers that repeat the first one's anchored blocks, one in this many (ALIAS_EVERY). */
  aliasEvery?: number;
}

/** What `real: true` adds, for the benchmark's table. */
export const REAL_CONSTRUCTS =
  'user-assigned identity keyed by resource ID, block scalars (| and >-) in every container, an anchored block repeated by aliases and a merge key (<<) in every 250th container, flow lists of quoted paths, comments on and between lines';

/** Small seeded PRNG (mulberry32): deterministic across runs and machines. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, width = 4): string => String(n).padStart(width, '0');
const CPUS = ['0.25', '0.5', '1', '1.5', '2'];
const MEMORY = ['0.5', '1', '1.5', '2', '4'];
const LOG_LEVELS = ['debug', 'info', 'warning', 'error'];
/**
 * Containers that repeat the first one's anchored blocks (`*resources`, `<<: *ready`): one in this many. The
 * `yaml` package resolves each alias by walking the document, so yaml-language-server takes seconds per alias
 * on a file this size; a few keep the peer measurable.
 */
const ALIAS_EVERY = 250;

export function generateDefinition(options: GenerateOptions = {}): GeneratedDefinition {
  const count = options.containers ?? 1000;
  const aliasEvery = options.aliasEvery ?? ALIAS_EVERY;
  const random = prng(options.seed ?? 20230501);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const digits = (n: number): string => Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');

  // Defects sit at fixed fractions of the list so they stay apart whatever the size.
  const at = (fraction: number): number => Math.min(count - 1, Math.floor(count * fraction));
  const defect = {
    mountColon: at(0.137),
    unknownVolume: at(0.311),
    badEnum: at(0.523),
    missingImage: at(0.719),
    duplicateName: at(0.887),
  };
  const envSites = [at(0.1), at(0.4), at(0.9)];
  const imageSite = at(0.6);
  const probeContainer = at(0.5);

  const out: string[] = [];
  let length = 0;
  const line = (s: string): number => {
    const start = length;
    out.push(s);
    length += s.length + 1;
    return start;
  };

  line('# Generated benchmark definition: one container group with many containers.');
  line(`apiVersion: '${options.apiVersion ?? '2023-05-01'}'`);
  line('location: westeurope');
  line('name: bench-large-group');
  line('type: Microsoft.ContainerInstance/containerGroups');
  line('tags:');
  line('  purpose: benchmark');
  if (options.real) {
    line('identity:');
    line('  type: UserAssigned');
    line('  userAssignedIdentities:');
    line('    /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/bench-rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/bench-id: {}');
  }
  line('properties:');
  line('  osType: Linux');
  line('  restartPolicy: OnFailure');
  line('  sku: Standard');
  line('  containers:');

  const planted: PlantedDefect[] = [];
  const editSites: EditSite[] = [];
  let hoverOffset = -1;
  let completionOffset = -1;

  for (let i = 0; i < count; i++) {
    const firstLine = out.length;
    const id = pad(i);
    const port = 10000 + i;
    const name = i === defect.duplicateName ? `app-${pad(i - 1)}` : `app-${id}`;
    line(`    - name: ${name}`);
    line('      properties:');
    if (i !== defect.missingImage) {
      const tag = digits(6);
      const imageLine = `        image: contoso.azurecr.io/team-${pad(i % 17, 2)}/service-${id}:build-${tag}`;
      const start = line(imageLine);
      if (i === probeContainer) hoverOffset = start + imageLine.indexOf('image') + 2;
      if (i === imageSite) editSites.push({ container: i, kind: 'image tag', offset: start + imageLine.length - 6, length: 6 });
    }
    if (options.real) {
      line(`        command: ["/bin/sh", "-c", "exec /app/start --port ${port} --worker ${id}"]  # started by the shell`);
    } else {
      line('        command:');
      line('          - /bin/sh');
      line('          - -c');
      line(`          - exec /app/start --port ${port} --worker ${id}`);
    }
    line('        ports:');
    line(`          - port: ${port}`);
    const protocolLine = `            protocol: ${i === defect.badEnum ? 'TCPX' : 'TCP'}`;
    const protocolStart = line(protocolLine);
    if (i === probeContainer) completionOffset = protocolStart + protocolLine.indexOf(':') + 2;
    const cpu = pick(CPUS);
    const memory = pick(MEMORY);
    if (options.real && i === 0) {
      line('        resources: &resources');
      line('          requests:');
      line(`            cpu: ${cpu}`);
      line(`            memoryInGB: ${memory}`);
    } else if (options.real && i % aliasEvery === 0) {
      line('        resources: *resources');
    } else {
      line('        resources:');
      line('          requests:');
      line(`            cpu: ${cpu}`);
      line(`            memoryInGB: ${memory}`);
    }
    line('        environmentVariables:');
    line('          - name: SERVICE_NAME');
    line(`            value: service-${id}`);
    line('          - name: SERVICE_PORT');
    line(`            value: '${port}'`);
    line('          - name: LOG_LEVEL');
    line(`            value: ${pick(LOG_LEVELS)}`);
    if (options.real) {
      line('          # Rendered into /etc/app/app.conf at start.');
      line('          - name: APP_CONFIG');
      line('            value: |');
      line(`              listen ${port};`);
      line(`              worker app-${id};`);
      line('              log /var/log/app.log;');
      line('          - name: BANNER');
      line('            value: >-');
      line(`              Service ${id} of the benchmark group,`);
      line('              folded onto one line.');
    }
    line('          - name: REPLICA_SEED');
    const seedLine = `            value: '${digits(6)}'`;
    const seedStart = line(seedLine);
    if (envSites.includes(i)) editSites.push({ container: i, kind: 'env value', offset: seedStart + seedLine.length - 7, length: 6 });
    line('        volumeMounts:');
    line(`          - name: ${i === defect.unknownVolume ? 'missing-volume' : 'shared-config'}`);
    line(`            mountPath: /etc/config/${id}`);
    line('          - name: scratch');
    line(`            mountPath: /scratch/${id}${i === defect.mountColon ? ':rw' : ''}`);
    line('        livenessProbe:');
    line('          httpGet:');
    line('            path: /healthz');
    line(`            port: ${port}`);
    line('            scheme: http');
    line('          periodSeconds: 15');
    if (options.real && i === 0) {
      line('        readinessProbe: &ready');
      line('          exec:');
      line('            command: [cat, "/tmp/ready"]');
      line('          periodSeconds: 5');
    } else if (options.real && i % aliasEvery === 0) {
      line('        readinessProbe:');
      line('          <<: *ready');
      line('          initialDelaySeconds: 2  # after the merge');
    } else {
      line('        readinessProbe:');
      line('          exec:');
      line('            command:');
      line('              - cat');
      line('              - /tmp/ready');
      line('          periodSeconds: 5');
    }
    const lastLine = out.length - 1;
    const base: PathSegment[] = ['properties', 'containers', i];
    const plant = (label: string, code: string, path: PathSegment[]): void => {
      planted.push({ label, code, container: i, path: [...base, ...path], firstLine, lastLine });
    };
    if (i === defect.mountColon) plant('mountPath with a colon', 'ACI301', ['properties', 'volumeMounts', 1]);
    if (i === defect.unknownVolume) plant('mount of an unknown volume', 'ACI307', ['properties', 'volumeMounts', 0]);
    if (i === defect.badEnum) plant('unknown enum value', 'ACI003', ['properties', 'ports', 0, 'protocol']);
    if (i === defect.missingImage) plant('missing required image', 'ACI001', ['properties']);
    if (i === defect.duplicateName) plant('duplicate container name', 'ACI308', ['name']);
  }

  line('  volumes:');
  line('    - name: shared-config');
  line('      azureFile:');
  line('        shareName: config');
  line('        storageAccountName: contosobench');
  line('        readOnly: true');
  line('    - name: scratch');
  line('      emptyDir: {}');
  line('  ipAddress:');
  line('    type: Public');
  line('    dnsNameLabel: bench-large-group');
  line('    ports:');
  line('      - port: 10000');
  line('        protocol: TCP');
  line('      - port: 10001');
  line('        protocol: TCP');

  return { text: out.join('\n') + '\n', lines: out.length, planted, editSites, hoverOffset, completionOffset };
}
