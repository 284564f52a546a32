/**
 * A Compose project as `docker compose` builds it from its files: the environment (the process's, over the
 * `.env` file beside the first Compose file), each file read and interpolated, the files merged in order,
 * `extends` resolved, services outside the active profiles left out, `env_file` contents read.
 */
import { nodeAtPath, rangeForPath } from '../definition/nodeQuery';
import type { PathSegment, Range } from '../definition/types';
import { parseEnvFile } from './dotenv';
import type { Environment } from './interpolate';
import { asMapping, mergeModels, mergeValues } from './mergeModels';
import { readComposeFile, type ReadComposeFile } from './readComposeFile';
import type { ComposeFileText, ComposeFinding, ReadFile } from './types';

export interface ComposeProject {
  name: string;
  services: Record<string, Record<string, unknown>>;
  volumes: Record<string, unknown>;
  secrets: Record<string, unknown>;
  /** The whole merged model (top-level keys the conversion reports as left out). */
  model: Record<string, unknown>;
  env: Environment;
  files: ReadComposeFile[];
  /** Where a path of the merged model was written: the last file that has it (or the nearest enclosing path). */
  locate(path: PathSegment[], preferKey?: boolean): { file: string; range: Range };
}

export interface LoadInput {
  files: ComposeFileText[];
  env: Environment;
  readFile: ReadFile;
  /** Active profiles; default COMPOSE_PROFILES. */
  profiles?: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A path relative to the folder of `base` (both with / or \ separators); absolute paths are kept. */
export function besideFile(base: string, relative: string): string {
  if (/^([/\\]|[A-Za-z]:[/\\])/.test(relative)) return relative;
  const cut = Math.max(base.lastIndexOf('/'), base.lastIndexOf('\\'));
  const folder = cut >= 0 ? base.slice(0, cut) : '.';
  return `${folder}/${relative.replace(/^\.[/\\]/, '')}`;
}

/** The project name: `name:`, else the Compose file's folder, as Compose derives it (lower case, [a-z0-9_-]). */
function projectName(model: Record<string, unknown>, firstFile: string): string {
  if (typeof model.name === 'string' && model.name) return model.name;
  const parts = firstFile.split(/[/\\]/).filter(Boolean);
  const folder = parts.length > 1 ? parts[parts.length - 2] : 'compose';
  return folder.toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'compose';
}

export function loadComposeProject(input: LoadInput): { project?: ComposeProject; findings: ComposeFinding[] } {
  const first = input.files[0];
  if (!first) return { findings: [] };
  const findings: ComposeFinding[] = [];
  const envPath = besideFile(first.path, '.env');
  const dotenv = input.readFile(envPath);
  const fileEnv: Record<string, string | undefined> = {};
  if (dotenv !== undefined) {
    const read = parseEnvFile(dotenv);
    for (const e of read.entries) if (e.value !== undefined) fileEnv[e.name] = e.value;
    for (const e of read.errors) findings.push({ rule: 'envFile', kind: 'blocked', message: `.env line ${e.line + 1}: ${e.message}`, file: first.path, range: { start: 0, end: 0 } });
  }
  const env: Environment = { ...fileEnv, ...input.env };
  const files = input.files.map((f) => readComposeFile(f, env));
  for (const f of files) findings.push(...f.findings);
  if (findings.some((f) => f.kind === 'blocked')) return { findings };
  const model = mergeModels(files.map((f) => f.value as Record<string, unknown>));

  const locate = (path: PathSegment[], preferKey = false): { file: string; range: Range } => {
    for (let len = path.length; len >= 0; len--) {
      const prefix = path.slice(0, len);
      const file = [...files].reverse().find((f) => nodeAtPath(f.root, prefix));
      if (file) return { file: file.path, range: rangeForPath(file.root, prefix, preferKey && len === path.length) };
    }
    return { file: first.path, range: { start: 0, end: 0 } };
  };
  const blocked = (rule: ComposeFinding['rule'], path: PathSegment[], message: string, service?: string): void => {
    findings.push({ rule, kind: 'blocked', message, ...locate(path), service });
  };

  const all = isObject(model.services) ? (model.services as Record<string, Record<string, unknown>>) : {};
  const services: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(all)) {
    const resolved = resolveExtends(name, all, first.path, input.readFile, env, [], (path, message) => blocked('extends', path, message, name));
    if (resolved) services[name] = { ...resolved };
  }
  const active = input.profiles ?? (env.COMPOSE_PROFILES ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  for (const [name, service] of Object.entries(services)) {
    const profiles = Array.isArray(service.profiles) ? service.profiles.map(String) : [];
    if (profiles.length && !profiles.some((p) => active.includes(p) || active.includes('*'))) {
      delete services[name];
      findings.push({ rule: 'profiles', kind: 'leftOut', message: `Service ${name} is only in the profiles ${profiles.join(', ')}, none of them active: left out.`, ...locate(['services', name, 'profiles']), service: name });
    }
  }
  for (const [name, service] of Object.entries(services)) readEnvFiles(name, service, first.path, input.readFile, locate, findings);
  if (findings.some((f) => f.kind === 'blocked')) return { findings };
  return {
    findings,
    project: {
      name: projectName(model, first.path),
      services,
      volumes: isObject(model.volumes) ? model.volumes : {},
      secrets: isObject(model.secrets) ? model.secrets : {},
      model,
      env,
      files,
      locate,
    },
  };
}

/** The service with what it extends merged under it (extends may chain, across files). */
function resolveExtends(
  name: string,
  services: Record<string, Record<string, unknown>>,
  file: string,
  readFile: ReadFile,
  env: Environment,
  seen: string[],
  fail: (path: PathSegment[], message: string) => void,
): Record<string, unknown> | undefined {
  const service = services[name];
  if (!service) return undefined;
  const ext = service.extends;
  if (ext === undefined) return service;
  const baseName = typeof ext === 'string' ? ext : isObject(ext) ? String(ext.service ?? '') : '';
  const baseFile = isObject(ext) && typeof ext.file === 'string' ? besideFile(file, ext.file) : undefined;
  const key = `${baseFile ?? file}#${baseName}`;
  if (seen.includes(key)) {
    fail(['services', name, 'extends'], `extends forms a loop: ${[...seen, key].join(' → ')}.`);
    return undefined;
  }
  let pool = services;
  if (baseFile) {
    const text = readFile(baseFile);
    const read = text === undefined ? undefined : readComposeFile({ path: baseFile, text }, env);
    if (!read?.value) {
      fail(['services', name, 'extends'], text === undefined ? `extends names ${baseFile}, which cannot be read.` : `${baseFile}: ${read?.findings[0]?.message ?? 'cannot be read'}`);
      return undefined;
    }
    pool = isObject(read.value.services) ? (read.value.services as Record<string, Record<string, unknown>>) : {};
  }
  if (!pool[baseName]) {
    fail(['services', name, 'extends'], `extends names the service ${baseName}, which ${baseFile ?? 'this file'} does not have.`);
    return undefined;
  }
  const base = resolveExtends(baseName, pool, baseFile ?? file, readFile, env, [...seen, key], fail);
  if (!base) return undefined;
  // depends_on and the like are not inherited (05-services.md#extends, "Restrictions").
  const { extends: _dropped, ...own } = service;
  const { depends_on: _d, links: _l, volumes_from: _v, ...inherited } = base;
  return mergeValues(inherited, own, '', true) as Record<string, unknown>;
}

/** `env_file` entries read and merged under `environment` (05-services.md#env_file: environment wins). */
function readEnvFiles(
  name: string,
  service: Record<string, unknown>,
  composePath: string,
  readFile: ReadFile,
  locate: ComposeProject['locate'],
  findings: ComposeFinding[],
): void {
  const raw = service.env_file;
  if (raw === undefined) return;
  const entries = (Array.isArray(raw) ? raw : [raw]).map((e) => (isObject(e) ? { path: String(e.path), required: e.required !== false } : { path: String(e), required: true }));
  const fromFiles: Record<string, unknown> = {};
  entries.forEach((entry, i) => {
    const text = readFile(besideFile(composePath, entry.path));
    const at = locate(['services', name, 'env_file', ...(Array.isArray(raw) ? [i] : [])]);
    if (text === undefined) {
      if (entry.required) findings.push({ rule: 'envFile', kind: 'blocked', message: `env_file ${entry.path} cannot be read.`, ...at, service: name });
      return;
    }
    const parsed = parseEnvFile(text);
    for (const e of parsed.errors) findings.push({ rule: 'envFile', kind: 'blocked', message: `${entry.path} line ${e.line + 1}: ${e.message}`, ...at, service: name });
    for (const e of parsed.entries) fromFiles[e.name] = e.value ?? null;
  });
  service.environment = { ...fromFiles, ...asMapping(service.environment) };
  delete service.env_file;
}
