/** A diagnosis as Markdown: each cause with its evidence, fix and source; then what was checked. */
import type { Diagnosis } from './rules';

/** Markdown's special characters in text Azure wrote (event messages, names) are escaped, so they show as written. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!|<>~-]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

export function diagnosisMarkdown(subject: string, d: Diagnosis): string {
  const out = [`# Diagnosis of ${escapeMarkdown(subject)}`, ''];
  if (d.causes.length === 0) {
    out.push('No known cause of failure was found in the live state.', '');
  } else {
    out.push(d.causes.length === 1 ? 'Likely cause:' : `Likely causes (${d.causes.length}):`, '');
    for (const c of d.causes) {
      out.push(`## ${escapeMarkdown(c.title)}`, '');
      if (c.container) out.push(`- **Container:** ${escapeMarkdown(c.container)}`);
      out.push(`- **Seen:** ${escapeMarkdown(c.evidence)}`, `- **Fix:** ${escapeMarkdown(c.fix)}`, `- **Source:** <${c.doc}>`, '');
    }
  }
  out.push('## Checked', '', ...d.checked.map((line) => `- ${escapeMarkdown(line)}`), '');
  return out.join('\n');
}
