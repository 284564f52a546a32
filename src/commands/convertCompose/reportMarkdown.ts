/** The conversion report as Markdown: what was mapped, what was changed and why, what was left out, each rule's source. */
import * as vscode from 'vscode';
import { COMPOSE_RULES } from '../../core/compose/rules';
import type { ConversionResult } from '../../core/compose/convertCompose';
import type { ComposeFinding, NoteKind } from '../../core/compose/types';
import { LineIndex } from '../../core/definition/lineCol';

/** Markdown text of a user's own words (a file name, a finding's message): nothing in it acts as Markdown. */
const plain = (text: string): string => text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&');

export function reportMarkdown(composeName: string, written: string | undefined, result: ConversionResult, texts: Map<string, string>): string {
  const sections: [NoteKind, string][] = [
    ['blocked', vscode.l10n.t('Blocks the conversion')],
    ['changed', vscode.l10n.t('Changed, and why')],
    ['leftOut', vscode.l10n.t('Left out: no counterpart in Azure Container Instances')],
    ['mapped', vscode.l10n.t('Mapped')],
  ];
  const lines = [`# ${vscode.l10n.t('Conversion of {0}', plain(composeName))}`, ''];
  lines.push(written ? vscode.l10n.t('Written to {0}.', plain(written)) : vscode.l10n.t('Nothing was written: fix what blocks the conversion and convert again.'), '');
  const indexes = new Map<string, LineIndex>();
  const lineOf = (f: ComposeFinding): number => {
    const text = texts.get(f.file) ?? '';
    let index = indexes.get(f.file);
    if (!index) indexes.set(f.file, (index = new LineIndex(text)));
    return index.toLineCol(f.range.start).line + 1;
  };
  const usedRules = new Set<string>();
  for (const [kind, title] of sections) {
    const items = result.findings.filter((f) => f.kind === kind);
    if (!items.length) continue;
    lines.push(`## ${title} (${items.length})`, '');
    for (const f of items) {
      usedRules.add(f.rule);
      const file = f.file.split(/[/\\]/).pop() ?? f.file;
      lines.push(`- ${plain(`${file}:${lineOf(f)}`)} — ${plain(f.message)} *(${plain(COMPOSE_RULES[f.rule].title)})*`);
    }
    lines.push('');
  }
  if (result.secrets.length) {
    lines.push(`## ${vscode.l10n.t('Secrets to set')}`, '', vscode.l10n.t('The definition refers to these stored secrets; their values are not in the file.'), '');
    for (const s of result.secrets) lines.push(`- \`{{secret:${s.name}}}\` — ${plain(s.where)}`);
    lines.push('');
  }
  lines.push(`## ${vscode.l10n.t('Rules and their sources')}`, '');
  for (const rule of usedRules) {
    const r = COMPOSE_RULES[rule as keyof typeof COMPOSE_RULES];
    lines.push(`- **${plain(r.title)}**: ${plain(r.source)}`);
  }
  return lines.join('\n') + '\n';
}
