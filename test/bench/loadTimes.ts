/**
 * How long Node takes to load the extension's code: the entry (dist/extension.mjs and the chunks it imports
 * statically), then one lazy feature's chunks as its first use does. Each sample is a fresh Node process, which
 * stands in for the extension host: `vscode` is a stand-in module exporting the API's names, enough for the
 * bundles' top-level code (nothing runs activate()). A CommonJS entry loads the same way.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Runs in the child (an ES module): resolves `vscode` to the stand-in, imports the files, prints the times. */
const CHILD = `
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
const { entry, features, names } = JSON.parse(process.env.ACI_LOAD_TIMES);
const STAND_IN = 'const h = { get: (t, k) => typeof k === "symbol" || k === "then" ? undefined : k === "toString" || k === "valueOf" ? () => "" : p, apply: () => p, construct: () => p };'
  + 'const p = new Proxy(function () {}, h);';
const stub = 'data:text/javascript,' + encodeURIComponent(STAND_IN + 'export default p;' + names.map((n) => 'export const ' + n + ' = p;').join(''));
// A CommonJS bundle's require('vscode') goes to Node's CommonJS loader, which the hook below does not reach.
const p = new Function(STAND_IN + 'return p;')();
const cjsStandIn = Object.fromEntries(names.map((n) => [n, p]));
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? cjsStandIn : load.call(this, request, ...rest); };
register('data:text/javascript,' + encodeURIComponent('export async function resolve(s, c, next) { return s === "vscode" ? { url: ' + JSON.stringify(stub) + ', shortCircuit: true } : next(s, c); }'));
const t0 = performance.now();
await import(pathToFileURL(entry).href);
const t1 = performance.now();
for (const feature of features) await import(pathToFileURL(feature).href);
const t2 = performance.now();
console.log(JSON.stringify({ entryMs: t1 - t0, featureMs: features.length ? t2 - t1 : undefined }));
`;

/** The names `vscode` exports, from its type declarations. */
function apiNames(repoRoot: string): string[] {
  const types = readFileSync(join(repoRoot, 'node_modules', '@types', 'vscode', 'index.d.ts'), 'utf8');
  return [...new Set([...types.matchAll(/^\texport (?:class|enum|namespace|const|function|let) (\w+)/gm)].map((m) => m[1]))];
}

export interface LoadSample {
  entryMs: number;
  featureMs?: number;
}

/** One cold load in a fresh Node process: the entry, then (when given) a feature's files, one after another. */
export async function loadOnce(repoRoot: string, entry: string, features: string[] = []): Promise<LoadSample> {
  const env = { ...process.env, ACI_LOAD_TIMES: JSON.stringify({ entry, features, names: apiNames(repoRoot) }) };
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CHILD], { env });
  return JSON.parse(stdout.trim().split('\n').pop()!) as LoadSample;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
