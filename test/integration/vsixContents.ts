// What the built .vsix holds, checked by the package stage right after `npm run package` built it: the bundles,
// the schema, the stylesheet, every README image and walkthrough medium; no sources, tests, build scripts or maps.
import * as fs from 'fs';
import * as path from 'path';
import { ENTRY, reached, type Metafile } from '../bundleMeta';

/** Names of the entries of a zip file, read from its central directory. */
export function zipEntries(file: string): string[] {
  const data = fs.readFileSync(file);
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error(`${file} is not a zip file`);
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${file}: entry ${i} is not a central directory entry`);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    names.push(data.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

const REQUIRED = ['package.json', 'package.nls.json', 'dist/extension.mjs', 'dist/languageWorker.js', 'dist/report.js', 'dist/trend.js', 'media/shared/page.css', 'media/report/report.css', 'media/trend/trend.css', 'dist/compare.js', 'media/compare/compare.css', 'schemas/container-group.schema.json'];
const STRAY = /(^|\/)(src|test|out|node_modules|build)\/|\.map$|\.tsx?$|tsconfig|esbuild\.mjs$|\.vsix$/;

interface Manifest {
  contributes: { walkthroughs: { steps: { media: { markdown?: string; image?: string | Record<string, string> } }[] }[] };
}

/** Problems with the package's file list; empty when it holds exactly what runs. */
export function vsixProblems(vsixFile: string, root: string, meta: Metafile): string[] {
  const entries = zipEntries(vsixFile).filter((e) => e.startsWith('extension/')).map((e) => e.slice('extension/'.length));
  const problems = REQUIRED.filter((f) => !entries.includes(f)).map((f) => `${f} is not packaged`);
  // Every file the extension's entry imports, now or on first use (esbuild's metafile of the build packaged).
  const chunks = [...reached(meta, [ENTRY], 'all')];
  if (chunks.length < 2) problems.push(`dist/meta.json lists ${chunks.length} extension file(s): the chunks are missing`);
  problems.push(...chunks.filter((f) => !entries.includes(f)).map((f) => `${f} (imported by the extension) is not packaged`));
  problems.push(...entries.filter((e) => STRAY.test(e)).map((e) => `${e} is packaged but does not run`));
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((src) => !/^https?:/.test(src));
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
  const media = manifest.contributes.walkthroughs
    .flatMap((w) => w.steps.flatMap((s) => [s.media.markdown, ...(typeof s.media.image === 'object' ? Object.values(s.media.image) : [s.media.image])]))
    .filter((m): m is string => !!m);
  problems.push(...[...images, ...media].filter((f) => !entries.includes(f)).map((f) => `${f} (referenced) is not packaged`));
  const size = fs.statSync(vsixFile).size;
  if (size >= 5 * 1024 * 1024) problems.push(`the package is ${(size / 1024).toFixed(0)} KB (limit 5 MB)`);
  return problems;
}
