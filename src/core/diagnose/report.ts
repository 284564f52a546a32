/**
 * A diagnosis as Markdown: the title, the likely cause (or causes) each under its own heading with what was seen,
 * the fix and its source, then what was checked.
 */
import type { Diagnosis } from './rules';

/**
 * Characters that would make text Azure wrote (event messages, names) into markup anywhere in a line are escaped, so
 * it shows as written: emphasis, code, links and images (`[`, `(`), HTML, tables and strikethrough (CommonMark 2.4,
 * backslash escapes). Those that act only at the start of a line (`#`, `-`, `+`) are left: the text never starts one.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]()<>|~]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

/** The report's title, also its document's name: "Diagnosis of orders · worker". */
export function diagnosisTitle(subject: string): string {
  return `Diagnosis of ${subject}`;
}

export function diagnosisMarkdown(subject: string, d: Diagnosis): string {
  const out = [`# ${escapeMarkdown(diagnosisTitle(subject))}`, ''];
  if (d.causes.length === 0) {
    out.push('No known cause of failure was found in the live state.', '');
  } else {
    out.push(d.causes.length === 1 ? '## Likely cause' : `## Likely causes (${d.causes.length})`, '');
    for (const c of d.causes) {
      out.push(`### ${escapeMarkdown(c.title)}`, '');
      if (c.container) out.push(`- **Container:** ${escapeMarkdown(c.container)}`);
      out.push(`- **Seen:** ${escapeMarkdown(c.evidence)}`, `- **Fix:** ${escapeMarkdown(c.fix)}`, `- **Source:** <${c.doc}>`, '');
    }
  }
  out.push('## Checked', '', ...d.checked.map((line) => `- ${escapeMarkdown(line)}`), '');
  return out.join('\n');
}
