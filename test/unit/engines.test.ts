// The Node versions the project says it runs on (package.json engines, which `npm pack` gives the CLI too) and
// the Node the packages need agree: every package in the lock file accepts every Node the project accepts,
// except those named below, which run only in tests and benchmarks. The Node running the tests is one the
// project accepts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import semver from 'semver';

const root = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string>; dependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean }> };

/**
 * Packages that declare a newer Node than the project and why: none is bundled into the extension or the CLI,
 * and each is loaded only by the test or benchmark named.
 */
const NEWER_NODE: Record<string, string> = {
  // VS Code's own proxy support, loaded by one unit test to reproduce what VS Code does to https in the
  // extension host (whose Node is VS Code's, 22 or later); every version of it declares Node 22.15.
  '@vscode/proxy-agent': 'reproduces the extension host in a unit test',
  // The YAML extension's language server, the editing benchmark's peer at its current version.
  'yaml-language-server': 'the benchmark peer',
  // Loaded only by `npm run test:desktop`, which reads each run's result through its `stdout` option (new in
  // 3.0; every 3.x declares Node 22). The default runner (code-server) fetches its own Node 24.
  '@vscode/test-electron': 'the desktop test runner',
  // The packager (`npm run package`): 4.x declares Node 22 and packs on Node 20 here (the .vsix check runs it);
  // 3.x, which declares Node 20, would add some 130 packages of its own.
  '@vscode/vsce': 'the packager',
  // Wanted only by the packager's own copy of @azure/identity (4.14, in its node_modules); the extension's is 4.13.
  '@azure/core-process': 'the packager\'s dependency',
};

test('every package accepts every Node the project declares, but those used only to test, measure and package', () => {
  const declared = manifest.engines.node;
  const newer: string[] = [];
  for (const [where, pkg] of Object.entries(lock.packages)) {
    const wanted = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
    if (!where || !wanted || semver.subset(declared, wanted)) continue;
    // A package inside another's node_modules is that package's own dependency.
    const [owner, ...nested] = where.split(/(?:^|\/)node_modules\//).filter(Boolean);
    newer.push(`${nested.at(-1) ?? owner}@${pkg.version} wants ${wanted}${nested.length ? ` (under ${owner})` : ''}`);
  }
  const allowed = (line: string) => Object.keys(NEWER_NODE).some((name) => line.startsWith(`${name}@`) || line.endsWith(`(under ${name})`));
  assert.deepEqual(newer.filter((l) => !allowed(l)), [], `the project declares Node ${declared}`);
  for (const name of Object.keys(NEWER_NODE)) {
    assert.ok(!(name in (manifest.dependencies ?? {})), `${name} is a development dependency only`);
  }
});

test('the Node running the tests is one the project declares', () => {
  assert.ok(semver.satisfies(process.version, manifest.engines.node), `${process.version} is not ${manifest.engines.node}`);
});
