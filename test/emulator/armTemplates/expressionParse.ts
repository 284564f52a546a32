// Template language expressions: a string "[...]" is an expression, "[[..." a literal that starts with "[".
// Grammar as the ARM docs describe it (learn.microsoft.com azure-resource-manager/templates/template-expressions):
// function calls with arguments, 'single-quoted' strings ('' escapes a quote), integers, and property (.name) and
// index ([expr]) access on a call's result. There are no operators and no boolean literals (true()/false()).
import { TemplateFailure } from './templateErrors';

export type Expr =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'call'; name: string; args: Expr[] }
  | { kind: 'property'; target: Expr; name: string }
  | { kind: 'index'; target: Expr; index: Expr };

/** True when the JSON string is an expression (not "[[" escaped, ends with "]"). */
export function isExpression(s: string): boolean {
  return s.length >= 2 && s.startsWith('[') && !s.startsWith('[[') && s.trimEnd().endsWith(']');
}

/** The literal text of a string that is not an expression ("[[x]" → "[x]"). */
export function literalText(s: string): string {
  return s.startsWith('[[') ? s.slice(1) : s;
}

class Reader {
  pos = 0;
  constructor(readonly text: string) {}
  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }
  peek(): string {
    this.skipSpace();
    return this.text[this.pos] ?? '';
  }
  expect(ch: string): void {
    if (this.peek() !== ch) throw this.fail(`expected '${ch}'`);
    this.pos++;
  }
  fail(what: string): TemplateFailure {
    // ARM's wording for an expression it cannot read (e.g. "The language expression '…' is not valid: the string
    // character '…' at position '…' is not expected.", quoted in Azure/bicep and vscode-azurearmtools issues).
    const at = this.text[this.pos];
    const detail = at === undefined ? 'the expression ends unexpectedly' : `the string character '${at}' at position '${this.pos}' is not expected`;
    return new TemplateFailure(`The language expression '${this.text}' is not valid: ${detail}.`, what);
  }
}

export function parseExpression(source: string): Expr {
  const inner = source.trim().slice(1, -1);
  const r = new Reader(inner);
  const expr = parseValue(r);
  if (r.peek() !== '') throw r.fail('end of expression');
  return expr;
}

function parseValue(r: Reader): Expr {
  const ch = r.peek();
  let expr: Expr;
  if (ch === "'") expr = { kind: 'string', value: readString(r) };
  else if (/[-0-9]/.test(ch)) expr = { kind: 'number', value: readNumber(r) };
  else if (/[A-Za-z_]/.test(ch)) expr = readCall(r);
  else throw r.fail('a value');
  for (;;) {
    const next = r.peek();
    if (next === '.') {
      r.pos++;
      r.skipSpace();
      const m = /^[A-Za-z_$][A-Za-z0-9_$-]*/.exec(r.text.slice(r.pos));
      if (!m) throw r.fail('a property name');
      r.pos += m[0].length;
      expr = { kind: 'property', target: expr, name: m[0] };
    } else if (next === '[') {
      r.pos++;
      const index = parseValue(r);
      r.expect(']');
      expr = { kind: 'index', target: expr, index };
    } else {
      return expr;
    }
  }
}

function readString(r: Reader): string {
  r.pos++; // opening quote
  let out = '';
  for (;;) {
    if (r.pos >= r.text.length) throw r.fail('a closing quote');
    const c = r.text[r.pos++];
    if (c === "'") {
      if (r.text[r.pos] === "'") {
        out += "'";
        r.pos++;
      } else {
        return out;
      }
    } else {
      out += c;
    }
  }
}

function readNumber(r: Reader): number {
  const m = /^-?[0-9]+/.exec(r.text.slice(r.pos));
  if (!m) throw r.fail('a number');
  r.pos += m[0].length;
  return Number(m[0]);
}

function readCall(r: Reader): Expr {
  const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(r.text.slice(r.pos));
  if (!m) throw r.fail('a function name');
  r.pos += m[0].length;
  const name = m[0];
  r.expect('(');
  const args: Expr[] = [];
  if (r.peek() === ')') {
    r.pos++;
    return { kind: 'call', name, args };
  }
  for (;;) {
    args.push(parseValue(r));
    const sep = r.peek();
    r.pos++;
    if (sep === ')') return { kind: 'call', name, args };
    if (sep !== ',') {
      r.pos--;
      throw r.fail("',' or ')'");
    }
  }
}
