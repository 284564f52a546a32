/** Rules on one container or init container (results are cached per container text). */
import { PathSegment } from '../../definition/types';
import { Code } from '../../definition/findingCodes';
import { CONTAINER_NAME, ENV_NAME, suggestName } from './naming';
import { list } from '../../definition/plainValues';
import { emit, num, obj, RuleContext, literalString } from './ruleContext';
import { linuxPath } from '../fixText';

export function checkContainer(value: unknown, at: PathSegment[], ctx: RuleContext, kind: 'container' | 'init container'): void {
  const c = obj(value);
  if (!c) return;
  const name = literalString(ctx, c.name);
  if (name !== undefined && (name.length > 63 || !CONTAINER_NAME.test(name))) {
    const suggestion = suggestName(name);
    emit(ctx, Code.containerName, 'error', `The ${kind} name '${name}' must be 1-63 lowercase letters, digits or hyphens, starting and ending with a letter or digit (e.g. 'my-app').`, [...at, 'name'], {
      data: { suggestion },
      ...(suggestion && CONTAINER_NAME.test(suggestion) ? { fixText: { title: `Rename to ${suggestion}`, newText: suggestion } } : {}),
    });
  }
  const props = obj(c.properties);
  if (!props) return;
  const p = [...at, 'properties'];
  list(props.volumeMounts).forEach((m, i) => {
    const mountPath = literalString(ctx, obj(m)?.mountPath);
    if (mountPath?.includes(':')) {
      emit(ctx, Code.mountPathColon, 'error', `mountPath '${mountPath}' must not contain a colon (:); use a Linux path such as /mnt/data (drive letters like C:\\ are not supported).`, [...p, 'volumeMounts', i, 'mountPath'], { replacements: [linuxPath(mountPath)] });
    }
  });
  const seen = new Set<string>();
  list(props.environmentVariables).forEach((e, i) => {
    const envName = literalString(ctx, obj(e)?.name);
    if (envName === undefined) return;
    if (!ENV_NAME.test(envName)) {
      emit(ctx, Code.envVarName, 'warning', `Environment variable name '${envName}' should be 1-63 letters, digits or underscores, not starting or ending with an underscore.`, [...p, 'environmentVariables', i, 'name']);
    }
    if (seen.has(envName)) {
      emit(ctx, Code.duplicateEnvVar, 'warning', `Environment variable '${envName}' is set twice in this ${kind}; remove one.`, [...p, 'environmentVariables', i, 'name']);
    }
    seen.add(envName);
  });
  list(props.ports).forEach((port, i) => {
    const n = num(obj(port)?.port);
    if (n !== undefined && (n < 1 || n > 65535)) {
      emit(ctx, Code.portRange, 'error', `Port ${n} is out of range; use 1-65535.`, [...p, 'ports', i, 'port']);
    }
  });
  checkResources(props.resources, [...p, 'resources'], ctx);
}

function checkResources(value: unknown, at: PathSegment[], ctx: RuleContext): void {
  const resources = obj(value);
  if (!resources) return;
  for (const part of ['requests', 'limits'] as const) {
    const r = obj(resources[part]);
    if (!r) continue;
    for (const key of ['cpu', 'memoryInGB'] as const) {
      const n = num(r[key]);
      if (n !== undefined && n <= 0) {
        emit(ctx, Code.resources, 'error', `${part}.${key} must be greater than 0 (e.g. ${key === 'cpu' ? '1' : '1.5'}).`, [...at, part, key]);
      }
    }
    const gpu = obj(r.gpu);
    if (gpu) {
      const sku = literalString(ctx, gpu.sku);
      const retired = sku === 'K80' || sku === 'P100' ? `${sku} was retired on 2023-08-31; ` : '';
      // Azure Container Instances retired GPU container groups on 2025-07-14 (azure-service-facts, GPU resources).
      emit(ctx, Code.gpu, 'error', `${retired}GPU container groups were retired on 2025-07-14: Azure Container Instances no longer deploys a GPU; remove ${part}.gpu.`, [...at, part, 'gpu'], { preferKey: true });
    }
  }
}
