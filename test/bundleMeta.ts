// Reads esbuild's metafile (dist/meta.json): which output files the extension host loads at activation (the entry
// and the chunks it imports statically) and which load later, through an import() on first use.
import * as fs from 'fs';
import * as path from 'path';

export const ENTRY = 'dist/extension.mjs';

interface Output {
  bytes: number;
  inputs: Record<string, { bytesInOutput: number }>;
  imports: { path: string; kind: string; external?: boolean }[];
}
export interface Metafile {
  outputs: Record<string, Output>;
}

export function readMetafile(root: string): Metafile {
  return JSON.parse(fs.readFileSync(path.join(root, 'dist', 'meta.json'), 'utf8')) as Metafile;
}

/** Output files reached from `from` (and it), following static imports only or every import. */
export function reached(meta: Metafile, from: string[], kinds: 'static' | 'all'): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const i of meta.outputs[file]?.imports ?? []) {
      if (!i.external && (kinds === 'all' || i.kind === 'import-statement')) queue.push(i.path);
    }
  }
  return seen;
}

/** What activation loads: the entry and every chunk it imports statically. */
export const activationSet = (meta: Metafile): Set<string> => reached(meta, [ENTRY], 'static');

export const bytesOf = (meta: Metafile, files: Iterable<string>): number => [...files].reduce((n, f) => n + meta.outputs[f].bytes, 0);

/** Source files (and packages' files) with code in the given outputs. */
export function inputsOf(meta: Metafile, files: Iterable<string>): Set<string> {
  return new Set([...files].flatMap((f) => Object.entries(meta.outputs[f].inputs).filter(([, v]) => v.bytesInOutput > 0).map(([k]) => k)));
}

/**
 * The output file holding `input`'s code (one, as each module has one instance). A path ending in `/` is a package
 * (`node_modules/x/`). Either is matched wherever it was found: a build through linked folders names real paths.
 */
export function outputOf(meta: Metafile, input: string): string | undefined {
  const matches = (k: string) => (input.endsWith('/') ? `/${k}`.includes(`/${input}`) : `/${k}`.endsWith(`/${input}`));
  const holds = (f: string) => Object.entries(meta.outputs[f].inputs).some(([k, v]) => matches(k) && v.bytesInOutput > 0);
  return Object.keys(meta.outputs).find((f) => f.endsWith('.mjs') && holds(f));
}

/**
 * What a feature's first use loads beyond activation: the chunks holding `inputs` (the feature's module and those
 * it loads through its own import() as it runs) and the chunks they import statically.
 */
export function firstUseSet(meta: Metafile, inputs: string[]): Set<string> {
  const chunks = inputs.map((input) => outputOf(meta, input) ?? '');
  const missing = inputs.filter((_, i) => !chunks[i]);
  if (missing.length) throw new Error(`${missing.join(', ')}: in no output of the extension`);
  const active = activationSet(meta);
  return new Set([...reached(meta, chunks, 'static')].filter((f) => !active.has(f)));
}
