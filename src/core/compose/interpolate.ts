/**
 * Compose interpolation (Compose specification, 12-interpolation.md): `$VAR`, `${VAR}`, `${VAR:-default}`,
 * `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`, `${VAR:+alt}`, `${VAR+alt}`, defaults that nest
 * (`${A:-${B}}`) and `$$` for a literal `$`. Values only, as Compose does; keys are left as written.
 */
export type Environment = Readonly<Record<string, string | undefined>>;

export class InterpolationError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const MAX_NESTING = 32;

/** The text with its variables replaced; throws InterpolationError for `${VAR?err}` unset or a malformed `${`. */
export function interpolate(text: string, env: Environment): string {
  return new Interpolator(text, env).run(text.length, false);
}

class Interpolator {
  private at = 0;
  constructor(
    private readonly text: string,
    private readonly env: Environment,
  ) {}

  /** Reads up to `end`, or to the `}` closing an enclosing `${…}` when `nested`. */
  run(end: number, nested: boolean): string {
    let out = '';
    while (this.at < end) {
      const c = this.text[this.at];
      if (nested && c === '}') return out;
      if (c !== '$') {
        out += c;
        this.at++;
        continue;
      }
      const next = this.text[this.at + 1];
      if (next === '$') {
        out += '$';
        this.at += 2;
      } else if (next === '{') {
        this.at += 2;
        out += this.braced();
      } else {
        const name = NAME.exec(this.text.slice(this.at + 1))?.[0];
        if (name) {
          out += this.env[name] ?? '';
          this.at += 1 + name.length;
        } else {
          out += '$';
          this.at++;
        }
      }
    }
    if (nested) throw new InterpolationError(`"\${" is not closed by "}"`);
    return out;
  }

  private depth = 0;

  private braced(): string {
    // Bounded: each nested default is a level of recursion, and a hostile file could nest thousands.
    if (++this.depth > MAX_NESTING) throw new InterpolationError(`defaults nested more than ${MAX_NESTING} deep`);
    try {
      return this.bracedValue();
    } finally {
      this.depth--;
    }
  }

  private bracedValue(): string {
    const name = NAME.exec(this.text.slice(this.at))?.[0];
    if (!name) throw new InterpolationError(`"\${${this.text.slice(this.at, this.at + 10)}" is not a variable: write $$ for a literal $`);
    this.at += name.length;
    const operator = /^(:-|-|:\?|\?|:\+|\+)?/.exec(this.text.slice(this.at))?.[0] ?? '';
    this.at += operator.length;
    const rest = operator ? this.run(this.text.length, true) : '';
    if (this.text[this.at] !== '}') throw new InterpolationError(`"\${${name}" is not closed by "}"`);
    this.at++;
    const value = this.env[name];
    const set = value !== undefined;
    const nonEmpty = set && value !== '';
    switch (operator) {
      case ':-':
        return nonEmpty ? value : rest;
      case '-':
        return set ? value : rest;
      case ':?':
        if (!nonEmpty) throw new InterpolationError(rest || `${name} is required but is not set or is empty`);
        return value;
      case '?':
        if (!set) throw new InterpolationError(rest || `${name} is required but is not set`);
        return value;
      case ':+':
        return nonEmpty ? rest : '';
      case '+':
        return set ? rest : '';
      default:
        return value ?? '';
    }
  }
}
