// The scripted shell's syntax (posixShell.ts runs it): words with their quoting, operators, lists, pipelines and
// brace groups, as POSIX XCU 2.2 (quoting), 2.7 (redirection) and 2.9 (lists, pipelines, compound commands) read them.
export type Token = { op: string } | { word: string; parts: Part[] };
export type Part = { quoted: 'single' | 'double' | 'none'; text: string };

/** Whether `text` is a whole command (no open quote, no open brace group). */
export function isComplete(text: string): boolean {
  try {
    const tokens = tokenize(text);
    let depth = 0;
    for (const t of tokens) if ('word' in t && t.parts.length === 1 && t.parts[0].quoted === 'none') depth += t.word === '{' ? 1 : t.word === '}' ? -1 : 0;
    return depth <= 0;
  } catch {
    return false;
  }
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '\n' || c === ';') {
      tokens.push({ op: ';' });
      i++;
      continue;
    }
    const op = /^(&&|\|\||\||>>|2>&1|2>|>|<)/.exec(text.slice(i));
    if (op) {
      tokens.push({ op: op[1] });
      i += op[1].length;
      continue;
    }
    const parts: Part[] = [];
    while (i < text.length && !/[\s;|&<>]/.test(text[i])) {
      if (text[i] === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) throw new Error('open quote');
        parts.push({ quoted: 'single', text: text.slice(i + 1, end) });
        i = end + 1;
      } else if (text[i] === '"') {
        let j = i + 1;
        let depth = 0;
        while (j < text.length && (text[j] !== '"' || depth > 0)) {
          if (text.startsWith('$(', j)) depth++;
          else if (text[j] === ')' && depth > 0) depth--;
          j++;
        }
        if (j >= text.length) throw new Error('open quote');
        parts.push({ quoted: 'double', text: text.slice(i + 1, j) });
        i = j + 1;
      } else if (text[i] === '\\' && i + 1 < text.length) {
        parts.push({ quoted: 'single', text: text[i + 1] });
        i += 2;
      } else {
        const m = /^[^\s;|&<>'"\\]+/.exec(text.slice(i))!;
        parts.push({ quoted: 'none', text: m[0] });
        i += m[0].length;
      }
    }
    tokens.push({ word: parts.map((p) => p.text).join(''), parts });
  }
  return tokens;
}

export interface Simple {
  words: Token[];
  redirects: { op: string; target?: Token }[];
  group?: Node[];
}
export type Pipeline = Simple[];
export type Node = { pipeline: Pipeline; then: ';' | '&&' | '||' };

export function parse(tokens: Token[], pos = { i: 0 }, inGroup = false): Node[] {
  const nodes: Node[] = [];
  let pipeline: Pipeline = [];
  let cmd: Simple = { words: [], redirects: [] };
  const endCmd = (): void => {
    if (cmd.words.length || cmd.group || cmd.redirects.length) pipeline.push(cmd);
    cmd = { words: [], redirects: [] };
  };
  const endPipeline = (then: Node['then']): void => {
    endCmd();
    if (pipeline.length) nodes.push({ pipeline, then });
    pipeline = [];
  };
  while (pos.i < tokens.length) {
    const t = tokens[pos.i++];
    if ('op' in t) {
      if (t.op === ';' || t.op === '&&' || t.op === '||') endPipeline(t.op);
      else if (t.op === '|') endCmd();
      else cmd.redirects.push({ op: t.op, target: t.op === '2>&1' ? undefined : tokens[pos.i++] });
    } else if (t.word === '{' && cmd.words.length === 0 && t.parts[0]?.quoted === 'none') {
      cmd.group = parse(tokens, pos, true);
    } else if (t.word === '}' && inGroup && cmd.words.length === 0 && t.parts[0]?.quoted === 'none') {
      endPipeline(';');
      return nodes;
    } else {
      cmd.words.push(t);
    }
  }
  endPipeline(';');
  return nodes;
}

