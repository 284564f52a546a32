/**
 * aci-validate FILE… — checks container group definitions (YAML, ARM JSON body, ARM template) with the
 * same core as the editor. Exit codes: 0 no errors, 1 at least one error, 2 unreadable input or bad usage.
 */
import { readFileSync } from 'node:fs';
import { LineIndex } from '../core/definition/lineCol';
import { Finding } from '../core/definition/types';
import { validateText } from '../core/validation/validateDocument';

const HELP = `Usage: aci-validate [--format text|json] FILE...

Validates Azure Container Instances container group definitions: the YAML file of
'az container create --file', an ARM request body (JSON) or an ARM template.

Options:
  --format text   One line per finding: FILE:LINE:COL: SEVERITY: MESSAGE [CODE] (default)
  --format json   A JSON array of { file, findings: [{ code, severity, message, line, column, ... }] }
  -h, --help      Show this help

Exit status: 0 when no file has errors, 1 when any file has an error, 2 when a file cannot be read.
`;

interface FileReport {
  file: string;
  findings: (Finding & { line: number; column: number; endLine: number; endColumn: number })[];
  readError?: string;
}

export function run(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  let format = 'text';
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      out(HELP);
      return 0;
    } else if (a === '--format' || a.startsWith('--format=')) {
      format = a.includes('=') ? a.slice('--format='.length) : argv[++i] ?? '';
      if (format !== 'text' && format !== 'json') {
        err(`aci-validate: --format must be text or json\n`);
        return 2;
      }
    } else if (a.startsWith('-') && a !== '-') {
      err(`aci-validate: unknown option ${a}\n${HELP}`);
      return 2;
    } else {
      files.push(a);
    }
  }
  if (files.length === 0) {
    err(HELP);
    return 2;
  }
  const reports: FileReport[] = files.map(check);
  if (format === 'json') {
    out(JSON.stringify(reports, null, 2) + '\n');
  } else {
    for (const r of reports) {
      if (r.readError) err(`${r.file}: cannot read: ${r.readError}\n`);
      for (const f of r.findings) out(`${r.file}:${f.line}:${f.column}: ${f.severity}: ${f.message} [${f.code}]\n`);
    }
  }
  if (reports.some((r) => r.readError)) return 2;
  return reports.some((r) => r.findings.some((f) => f.severity === 'error')) ? 1 : 0;
}

function check(file: string): FileReport {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    return { file, findings: [], readError: (e as NodeJS.ErrnoException).code ?? 'read failed' };
  }
  const { findings } = validateText(text, file);
  const index = new LineIndex(text);
  return {
    file,
    findings: findings.map((f) => {
      const start = index.toLineCol(f.range.start);
      const end = index.toLineCol(f.range.end);
      return { ...f, line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1 };
    }),
  };
}

if (require.main === module) {
  // A closed pipe (e.g. `| head`) is not an error of the validation.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  process.exitCode = run(process.argv.slice(2), (s) => process.stdout.write(s), (s) => process.stderr.write(s));
}
