/**
 * aci-validate FILE… — checks container group definitions (YAML, ARM JSON body, ARM template) with the
 * same core as the editor. Exit codes: 0 no errors, 1 at least one error, 2 unreadable input or bad usage.
 */
import { writeSync } from 'node:fs';
import { checkFile, FileReport } from './fileReport';
import { checkComposeFile } from './composeReport';
import { readInput } from './readInput';
import { isComposeFileName } from '../core/compose/composeFiles';
import { jsonText, terminalText } from './safeText';
import { sarifLog } from './sarif';

/** Set by the bundle (esbuild.mjs) from package.json. */
declare const ACI_VALIDATE_VERSION: string | undefined;
const VERSION = typeof ACI_VALIDATE_VERSION === 'string' ? ACI_VALIDATE_VERSION : undefined;

const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

const HELP = `Usage: aci-validate [--format text|json|sarif] FILE...

Validates Azure Container Instances container group definitions: the YAML file of
'az container create --file', an ARM request body (JSON) or an ARM template.
A Compose file (compose.yaml, docker-compose.yml, their .override variants) is
converted as Convert Compose File converts it (with compose.override.yaml beside
it, the .env file and the environment): what blocks the conversion is an error,
what is changed or left out a warning, and the converted definition is checked too.
An ARM template is checked with the values of its parameter file beside it
(NAME.parameters.json, else azuredeploy.parameters.json) in place of its
parameters' defaults; findings on such a value name the file.

Options:
  --format text   One line per finding: FILE:LINE:COL: SEVERITY: MESSAGE [CODE] (default)
  --format json   A JSON array of { file, findings: [{ code, severity, message, line, column, ... }] }
  --format sarif  A SARIF 2.1.0 log (for code-scanning dashboards), every code described as a rule
  -h, --help      Show this help
  --version       Show the version

Secret values are never printed, in any format, nor repeated by a quick fix:
  - secureValue of environment variables, registry passwords, storage account
    keys, the Log Analytics workspace key and workspace resource ID, secret
    volume files and extensions' protectedSettings, in nested deployments too;
  - defaults of securestring/secureobject template parameters, values nested
    deployments pass into them (and every value passed to a linked template);
  - every value of a deployment parameter file (reported as one, not checked).
Files are read only when they are regular files of at most 5 MB (standard input too);
a link in the current folder to a file outside it is not followed.
Exit status: 0 when no file has errors, 1 when any file has an error, 2 when a file cannot be read
(missing, not a regular file, over 5 MB, or a link leading out of the current folder).
`;

/**
 * `checked` is told what the checks covered: the formats the files were read as and the output format (nothing
 * when no file was read).
 */
export function run(argv: string[], out: (s: string) => void, err: (s: string) => void, checked?: (kinds: string[]) => void): number {
  let format: Format = 'text';
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      out(HELP);
      return 0;
    } else if (a === '--version') {
      out(`${VERSION ?? 'development build'}\n`);
      return 0;
    } else if (a === '--format' || a.startsWith('--format=')) {
      const value = a.includes('=') ? a.slice('--format='.length) : argv[++i] ?? '';
      if (!(FORMATS as readonly string[]).includes(value)) {
        err(`aci-validate: --format must be text, json or sarif\n`);
        return 2;
      }
      format = value as Format;
    } else if (a.startsWith('-') && a !== '-') {
      err(`aci-validate: unknown option ${terminalText(a)}\n${HELP}`);
      return 2;
    } else {
      files.push(a);
    }
  }
  if (files.length === 0) {
    err(HELP);
    return 2;
  }
  const read = new Set<string>();
  const reports: FileReport[] = files.flatMap((f) => {
    if (!isComposeFileName(f)) return [checkFile(f, (k) => read.add(k))];
    const input = readInput(f);
    if (!input.ok) return [{ file: f, findings: [], readError: input.reason }];
    read.add('compose');
    return checkComposeFile(f, input.text);
  });
  if (read.size) checked?.([...read, format]);
  for (const r of reports) if (r.readError) err(`${terminalText(r.file)}: cannot read: ${r.readError}\n`);
  if (format === 'json') out(jsonText(reports) + '\n');
  else if (format === 'sarif') out(jsonText(sarifLog(reports, process.cwd(), VERSION)) + '\n');
  else {
    for (const r of reports) {
      const file = terminalText(r.file);
      for (const f of r.findings) out(`${file}:${f.line}:${f.column}: ${f.severity}: ${terminalText(f.message)} [${f.code}]\n`);
    }
  }
  if (reports.some((r) => r.readError)) return 2;
  return reports.some((r) => r.findings.some((f) => f.severity === 'error')) ? 1 : 0;
}

/**
 * Writes straight to the file descriptor: process.stdout would load Node's stream machinery, a good part of
 * the start time of one small check. A closed pipe (e.g. `| head`) is not an error of the validation.
 */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; ) {
    try {
      at += writeSync(fd, bytes, at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
      if (code !== 'EAGAIN') throw e;
    }
  }
}

/** Runs the command; returns what its checks covered (see run), whose code has now been compiled. */
export function main(): string[] {
  let kinds: string[] = [];
  process.exitCode = run(process.argv.slice(2), (s) => writeAll(1, s), (s) => writeAll(2, s), (k) => (kinds = k));
  return kinds;
}

if (require.main === module) main();
