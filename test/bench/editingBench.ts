/**
 * Editing a large YAML definition, ours vs yaml-language-server, same file, same process: first full
 * validation, one-character edit to diagnostics, and completion / hover before and right after an edit.
 */
import { join } from 'node:path';
import { DigitEdits } from './digitEdits';
import { generateDefinition } from './generateDefinition';
import { OursDefinitionService, OursWorkerPath } from './oursAdapter';
import { PeerYamlService } from './peerAdapter';
import { findingRows } from './plantedDefects';
import { Row, speedup, timing, value } from './results';
import { LoopOptions, measure, timeOnce, Timing } from './stats';

export interface EditingBenchOptions {
  /** Fewer iterations, for a quick look. */
  quick?: boolean;
  repoRoot: string;
}

interface Loops {
  open: LoopOptions;
  oursEdit: LoopOptions;
  peerEdit: LoopOptions;
  oursFeature: LoopOptions;
  peerFeature: LoopOptions;
}

const FULL: Loops = {
  open: { warmup: 2, iterations: 8 },
  oursEdit: { warmup: 5, iterations: 40 },
  peerEdit: { warmup: 2, iterations: 12 },
  oursFeature: { warmup: 10, iterations: 60 },
  peerFeature: { warmup: 2, iterations: 12 },
};
const QUICK: Loops = {
  open: { warmup: 1, iterations: 3 },
  oursEdit: { warmup: 2, iterations: 10 },
  peerEdit: { warmup: 1, iterations: 3 },
  oursFeature: { warmup: 2, iterations: 10 },
  peerFeature: { warmup: 1, iterations: 3 },
};

const SECTION = 'Editing a 1,000-container YAML definition';

function compared(name: string, ours: Timing, peer: Timing, target?: string, met?: boolean, note?: string): Row {
  const o = timing(ours);
  const p = timing(peer);
  return { section: SECTION, name, ours: o, peer: p, speedup: speedup(o, p), target, met, note };
}

export async function runEditingBench(options: EditingBenchOptions): Promise<{ rows: Row[]; info: Record<string, string | number> }> {
  const loops = options.quick ? QUICK : FULL;
  const g = generateDefinition();
  const ours = new OursDefinitionService();
  const peer = new PeerYamlService(join(options.repoRoot, 'schemas', 'container-group.schema.json'));
  const rows: Row[] = [];

  // Open, cold: the first validation in this process (schema compilation included on both sides).
  const oursCold = await timeOnce(() => {
    ours.open(g.text);
    ours.diagnostics();
  });
  const oursFindings = ours.diagnostics();
  const peerCold = await timeOnce(async () => {
    peer.open(g.text);
    await peer.validate();
  });
  const peerFindings = await peer.validate();
  rows.push({
    section: SECTION,
    name: 'open, first in process (parse + full validation)',
    ours: value(oursCold, 'ms'),
    peer: value(peerCold, 'ms'),
    speedup: peerCold / oursCold,
    note: 'one run each; includes schema compilation',
  });

  // Open, warm: a fresh document each run (new parse, nothing cached from earlier runs).
  const oursOpen = await measure(loops.open, () => {
    ours.open(g.text);
    ours.diagnostics();
  });
  const peerOpen = await measure(loops.open, async () => {
    peer.open(g.text);
    await peer.validate();
  });
  rows.push(compared('open (parse + full validation)', oursOpen, peerOpen));

  // One character changed inside one container, then diagnostics.
  ours.open(g.text);
  ours.diagnostics();
  const oursEdits = new DigitEdits(g.text, g.editSites);
  let oursAfter = 0;
  const oursEdit = await measure(loops.oursEdit, () => {
    const e = oursEdits.take();
    ours.edit(e.offset, e.deleteLength, e.insertText);
    oursAfter = ours.diagnostics().length;
  });
  peer.open(g.text);
  await peer.validate();
  const peerEdits = new DigitEdits(g.text, g.editSites);
  let peerAfter = 0;
  const peerEdit = await measure(loops.peerEdit, async () => {
    const e = peerEdits.take();
    peer.edit(e.offset, e.deleteLength, e.insertText);
    peerAfter = (await peer.validate()).length;
  });
  const editSpeedup = peerEdit.p50 / oursEdit.p50;
  rows.push(
    compared(
      'edit → diagnostics (one character)',
      oursEdit,
      peerEdit,
      'ours p50 < 50 ms, ≥ 10× peer',
      oursEdit.p50 < 50 && editSpeedup >= 10,
      `sites: ${g.editSites.map((s) => `${s.kind} of container ${s.container}`).join(', ')}, in turn; ` +
        `findings after the last edit: ours ${oursAfter} (open: ${oursFindings.length}), peer ${peerAfter} (open: ${peerFindings.length})`,
    ),
  );

  // The worker's LanguageService: the same edits as VS Code content changes, versioned diagnostics.
  const worker = new OursWorkerPath();
  worker.open(g.text);
  worker.diagnostics();
  const workerEdits = new DigitEdits(g.text, g.editSites);
  const workerEdit = await measure(loops.oursEdit, () => {
    const e = workerEdits.take();
    worker.edit(e.offset, e.deleteLength, e.insertText);
    worker.diagnostics();
  });
  rows.push({
    section: SECTION,
    name: 'edit → diagnostics via LanguageService (no thread)',
    ours: timing(workerEdit),
    target: 'p50 < 50 ms',
    met: workerEdit.p50 < 50,
  });

  rows.push(...(await featureRows(g, ours, peer, loops)));
  rows.push(...findingRows(g, oursFindings, peerFindings));
  return { rows, info: { 'definition': `${g.lines} lines, ${(Buffer.byteLength(g.text) / 1024).toFixed(0)} KB, 1000 containers` } };
}

async function featureRows(g: ReturnType<typeof generateDefinition>, ours: OursDefinitionService, peer: PeerYamlService, loops: Loops): Promise<Row[]> {
  const rows: Row[] = [];
  ours.open(g.text);
  ours.diagnostics();
  peer.open(g.text);
  await peer.validate();
  let oursItems = 0;
  let peerItems = 0;
  let oursHover = false;
  let peerHover = false;
  const oursComplete = await measure(loops.oursFeature, () => (oursItems = ours.complete(g.completionOffset)));
  const peerComplete = await measure(loops.peerFeature, async () => (peerItems = await peer.complete(g.completionOffset)));
  const oursHoverT = await measure(loops.oursFeature, () => (oursHover = ours.hover(g.hoverOffset)));
  const peerHoverT = await measure(loops.peerFeature, async () => (peerHover = await peer.hover(g.hoverOffset)));
  rows.push(
    compared('completion, unchanged document', oursComplete, peerComplete, 'ours p50 < 10 ms', oursComplete.p50 < 10,
      `at a ports[].protocol value; items: ours ${oursItems}, peer ${peerItems}`),
    compared('hover, unchanged document', oursHoverT, peerHoverT, 'ours p50 < 10 ms', oursHoverT.p50 < 10,
      `on an image key; content: ours ${oursHover ? 'yes' : 'none'}, peer ${peerHover ? 'yes' : 'none'}`),
  );

  // Right after an edit: the edit has to be taken in before the request is answered.
  const oursEdits = new DigitEdits(g.text, g.editSites);
  const peerEdits = new DigitEdits(g.text, g.editSites);
  const oursCompleteAfter = await measure(loops.oursEdit, () => {
    const e = oursEdits.take();
    ours.edit(e.offset, e.deleteLength, e.insertText);
    ours.complete(g.completionOffset);
  });
  const peerCompleteAfter = await measure(loops.peerEdit, async () => {
    const e = peerEdits.take();
    peer.edit(e.offset, e.deleteLength, e.insertText);
    await peer.complete(g.completionOffset);
  });
  const oursHoverAfter = await measure(loops.oursEdit, () => {
    const e = oursEdits.take();
    ours.edit(e.offset, e.deleteLength, e.insertText);
    ours.hover(g.hoverOffset);
  });
  const peerHoverAfter = await measure(loops.peerEdit, async () => {
    const e = peerEdits.take();
    peer.edit(e.offset, e.deleteLength, e.insertText);
    await peer.hover(g.hoverOffset);
  });
  rows.push(
    compared('edit → completion', oursCompleteAfter, peerCompleteAfter, 'ours p50 < 50 ms', oursCompleteAfter.p50 < 50),
    compared('edit → hover', oursHoverAfter, peerHoverAfter, 'ours p50 < 50 ms', oursHoverAfter.p50 < 50),
  );
  return rows;
}
