// Sentences of the README that say what the product does, each checked against what ships: the manifest's menus
// and the words the product shows (its l10n bundle). A README that drifts from the product fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';

const root = path.resolve(__dirname, '../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
const words = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'l10n/bundle.l10n.json'), 'utf8')) as Record<string, string>));

interface MenuItem {
  command: string;
  when?: string;
}
const menus = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, MenuItem[]> } }).contributes.menus;
const when = (menu: string, command: string): string => menus[menu]?.find((m) => m.command === command)?.when ?? '';

const claims: { what: string; says: RegExp; holds: () => boolean }[] = [
  {
    what: "a shell's end keeps its reason in the terminal until a key is pressed",
    says: /the terminal keeps one line saying why and closes on the next key/,
    holds: () => words.has('Press any key to close the terminal.') && words.has('The shell in {0} ended.'),
  },
  {
    what: 'Deploy in the editor title of templates as well as definitions',
    says: /in the editor title bar of any file that declares a container group — ARM templates included/,
    holds: () => /aciDataShare\.deployableEditor/.test(when('editor/title', 'aciDataShare.deploy')) && /\\\.aci\\\./.test(when('editor/title', 'aciDataShare.deploy')),
  },
  {
    what: "Enable Schedule… on a schedule's row",
    says: /On a schedule's row, Enable Schedule… enables that schedule\./,
    holds: () => /schedule\\\.disabled/.test(when('view/item/context', 'aciDataShare.enableSchedule')),
  },
  {
    what: 'the Data sets node names the latest synchronization',
    says: /its status in the latest synchronization — the node says which \(`120 · latest synchronization: Synchronizing`\)/,
    holds: () => words.has('{0} · latest synchronization: {1}') && words.has('Synchronizing'),
  },
  {
    what: "a refused shell is said in words with Azure's own beside them",
    says: /is said in words, with Azure's own beside them/,
    holds: () => [...words].some((w) => /Azure refused the session with \{0\}/.test(w)),
  },
  {
    what: 'a Canceling synchronization says how long ago the cancel was asked, and when Azure takes long',
    says: /the node says \*\*Canceling\*\* and how long ago the cancel was asked/,
    holds: () => words.has('{0} · asked {1} · {2}') && words.has('{0} · asked {1}, Azure is still stopping it · {2}'),
  },
];

for (const claim of claims) {
  test(`README: ${claim.what}`, () => {
    assert.match(readme, claim.says, 'the README no longer says so: update this check with it');
    assert.ok(claim.holds(), 'the README says so, the product does not');
  });
}
