/** Publishes findings as diagnostics, debounced while typing, never for a version that is gone. */
import * as vscode from 'vscode';
import type { Finding } from '../core/definition';
import { DefinitionTracker } from './definitionTracker';
import { toDiagnostic } from './conversions';
import { Code } from '../core/definition/findingCodes';
import { parameterFileCandidates } from '../core/definition/parameterFiles';
import { MAX_DEFINITION_BYTES } from '../core/definition/fileLimits';

/**
 * JSON problems VS Code's own JSON support reports in every JSON document (syntax, duplicate keys). Shown by it
 * alone so they appear once; they still count for a deploy.
 */
const JSON_SERVICE_CODES = new Set<string>([Code.syntax, Code.duplicateKey]);

/** Whether VS Code's JSON language features validate `doc` (built-in extension present and validation on). */
function jsonServiceValidates(doc: vscode.TextDocument): boolean {
  if (doc.languageId !== 'json' && doc.languageId !== 'jsonc') return false;
  if (!vscode.extensions.getExtension('vscode.json-language-features')) return false;
  return vscode.workspace.getConfiguration('json', doc).get<boolean>('validate.enable', true) !== false;
}

const DEBOUNCE_MS = 150;

/** The parameter file beside a JSON template (`NAME.parameters.json`, else `azuredeploy.parameters.json`), as the editor holds it. */
async function parameterFileOf(doc: vscode.TextDocument): Promise<{ name: string; text: string } | undefined> {
  if (doc.languageId !== 'json' && doc.languageId !== 'jsonc') return undefined;
  if (doc.uri.scheme !== 'file' || !/"resources"\s*:/.test(doc.getText())) return undefined;
  for (const path of parameterFileCandidates(doc.uri.path)) {
    const uri = doc.uri.with({ path });
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (open) return { name, text: open.getText() };
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type === vscode.FileType.File && stat.size <= MAX_DEFINITION_BYTES) return { name, text: new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)) };
    } catch {
      // Not there: the next candidate.
    }
  }
  return undefined;
}

export interface PublishedFinding {
  diagnostic: vscode.Diagnostic;
  finding: Finding;
}

export class DiagnosticsController implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('aci');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The findings shown per document, with the document version they were computed for. */
  private readonly published = new Map<string, { version: number; findings: PublishedFinding[] }>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly tracker: DefinitionTracker,
    /** Names of the stored secrets: the worker warns on placeholders naming none of them. */
    private readonly secretNames: () => string[] = () => [],
  ) {
    this.subscriptions = [
      tracker.onDidChange((doc) => this.schedule(doc)),
      tracker.onDidClose((uri) => this.clear(uri)),
      // A template is checked with its parameter file's values: an edit of one checks the templates again.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (/\.parameters\.json$/i.test(e.document.uri.path) && e.contentChanges.length) this.refreshAll();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('json.validate.enable')) this.refreshAll();
      }),
      this.collection,
    ];
  }

  /**
   * Findings behind the diagnostics shown for `doc` (for quick fixes), only while they belong to its current
   * version: their offsets would land in the wrong places of newer text.
   */
  findingsFor(doc: vscode.TextDocument): PublishedFinding[] {
    const entry = this.published.get(doc.uri.toString());
    return entry && entry.version === doc.version ? entry.findings : [];
  }

  private schedule(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void this.run(doc);
      }, DEBOUNCE_MS),
    );
  }

  /** Validates now (commands call this before deploying). */
  async run(doc: vscode.TextDocument): Promise<Finding[] | undefined> {
    let findings: Finding[] | undefined;
    try {
      findings = await this.tracker.request<Finding[]>(doc, { op: 'diagnostics', secretNames: this.secretNames(), parameterFile: await parameterFileOf(doc) });
    } catch {
      return undefined; // The worker restarts and reopens the document; a later edit validates again.
    }
    if (!findings || doc.isClosed) return undefined;
    const version = doc.version;
    const shown = jsonServiceValidates(doc) ? findings.filter((f) => !JSON_SERVICE_CODES.has(f.code)) : findings;
    const published = shown.map((finding) => ({ finding, diagnostic: toDiagnostic(doc, finding) }));
    this.published.set(doc.uri.toString(), { version, findings: published });
    this.collection.set(doc.uri, published.map((p) => p.diagnostic));
    return findings;
  }

  /**
   * Validates `doc` now, also when it is not otherwise taken for a definition (the user chose it to
   * deploy), and publishes the result.
   */
  async validateNow(doc: vscode.TextDocument): Promise<Finding[]> {
    this.tracker.track(doc);
    for (let attempt = 0; attempt < 3; attempt++) {
      const findings = await this.run(doc);
      if (findings) return findings;
    }
    throw new Error(vscode.l10n.t('The definition could not be checked; try again.'));
  }

  /** Validates every tracked document again (e.g. after the stored secret names changed). */
  refreshAll(): void {
    for (const doc of vscode.workspace.textDocuments) if (this.tracker.isTracked(doc)) this.schedule(doc);
  }

  private clear(uri: vscode.Uri): void {
    clearTimeout(this.timers.get(uri.toString()));
    this.published.delete(uri.toString());
    this.collection.delete(uri);
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const s of this.subscriptions) s.dispose();
  }
}
