/**
 * Compares what each side finds in the generated definition: the planted defects, and whether every
 * finding of the peer is matched by one of ours on the same line. Figures only; nothing is asserted.
 */
import { Finding, LineIndex, PathSegment } from '../../src/core/definition';
import type { GeneratedDefinition } from './generateDefinition';
import type { PeerFinding } from './peerAdapter';
import { Row, text, value } from './results';

const SECTION = 'Editing: findings on the generated file';

function startsWith(path: PathSegment[], prefix: PathSegment[]): boolean {
  return prefix.every((segment, i) => path[i] === segment);
}

export function findingRows(g: GeneratedDefinition, ours: Finding[], peer: PeerFinding[]): Row[] {
  const lines = new LineIndex(g.text);
  const oursHits = g.planted.filter((d) => ours.some((f) => f.code === d.code && startsWith(f.path, d.path)));
  const peerHits = g.planted.filter((d) => peer.some((f) => f.line >= d.firstLine && f.line <= d.lastLine));
  const missedByOurs = peerHits.filter((d) => !oursHits.includes(d));
  const oursSpans = ours.map((f) => ({ from: lines.toLineCol(f.range.start).line, to: lines.toLineCol(f.range.end).line }));
  const matched = peer.filter((p) => oursSpans.some((s) => p.line >= s.from && p.line <= s.to));
  const total = g.planted.length;
  return [
    {
      section: SECTION,
      name: 'findings reported',
      ours: value(ours.length, ''),
      peer: value(peer.length, ''),
      note: `ours by code: ${summarizeCodes(ours)}`,
    },
    {
      section: SECTION,
      name: `planted defects found (of ${total})`,
      ours: text(`${oursHits.length}/${total}`),
      peer: text(`${peerHits.length}/${total}`),
      target: "ours ⊇ peer's",
      met: missedByOurs.length === 0,
      note:
        `planted: ${g.planted.map((d) => `${d.label} (container ${d.container}, ${d.code})`).join('; ')}. ` +
        `Peer missed: ${g.planted.filter((d) => !peerHits.includes(d)).map((d) => d.label).join(', ') || 'none'}. ` +
        `Ours missed: ${g.planted.filter((d) => !oursHits.includes(d)).map((d) => d.label).join(', ') || 'none'}.`,
    },
    {
      section: SECTION,
      name: 'peer findings matched by ours (same line)',
      ours: text(`${matched.length}/${peer.length}`),
      target: 'all',
      met: matched.length === peer.length,
    },
  ];
}

function summarizeCodes(findings: Finding[]): string {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  return [...counts].map(([code, n]) => (n > 1 ? `${code}×${n}` : code)).join(', ') || 'none';
}
