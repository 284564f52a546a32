/**
 * The `.env` file beside a Compose file and `env_file` files (Compose specification, 05-services.md#env_file,
 * "Env_file format"): `NAME=VALUE` lines, `#` comments, an optional `export `, single quotes literal, double
 * quotes with \n \t \\ \" escapes, an unquoted value ending at ` #`. `NAME` alone is a variable without value.
 */
export interface EnvLine {
  name: string;
  /** Undefined for a line holding a name alone. */
  value: string | undefined;
  line: number;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', $: '$' };

export function parseEnvFile(text: string): { entries: EnvLine[]; errors: { line: number; message: string }[] } {
  const entries: EnvLine[] = [];
  const errors: { line: number; message: string }[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.replace(/^\s*export\s+/, '').trim();
    if (!line || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    const name = (eq < 0 ? line : line.slice(0, eq)).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) {
      // The line is not quoted: a malformed line is often a value (`PASSWORD: s3cr3t`).
      errors.push({ line: index, message: 'not NAME=VALUE (the line is not shown: it may hold a value)' });
      return;
    }
    if (eq < 0) {
      entries.push({ name, value: undefined, line: index });
      return;
    }
    let value = line.slice(eq + 1).trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.lastIndexOf(quote) > 0) {
      const inner = value.slice(1, value.lastIndexOf(quote));
      value = quote === "'" ? inner : inner.replace(/\\(.)/g, (m, c: string) => ESCAPES[c] ?? m);
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    entries.push({ name, value, line: index });
  });
  return { entries, errors };
}
