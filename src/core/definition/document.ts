/** A parsed definition (JSON or YAML) that can take edits; the layers above validate and complete it. */
import { tryIncrementalYaml } from './incrementalYaml';
import { parseDefinition } from './parseDefinition';
import { detachedFinding } from './shiftFinding';
import { DefinitionFormat, DefinitionNode, Finding } from './types';

export class DefinitionDocument {
  /** Set when a later document re-used (and modified) this one's tree; the tree is then rebuilt on demand. */
  private superseded = false;

  private constructor(
    readonly text: string,
    readonly format: DefinitionFormat,
    private tree: DefinitionNode | undefined,
    private parsed: Finding[],
    private usesAliases: boolean,
    /**
     * One token shared by all documents derived through applyEdit: the layers above key their caches on it
     * (validation checks unchanged containers only once).
     */
    readonly lineage: object,
    /** True when this document came from the incremental path (for tests and benchmarks). */
    readonly incremental = false,
  ) {}

  /** The node tree (undefined when the text holds no value). */
  get root(): DefinitionNode | undefined {
    this.ensureOwnTree();
    return this.tree;
  }

  /** Findings of the parser alone (syntax, duplicate keys, YAML 1.1 readings). */
  get parseDiagnostics(): Finding[] {
    this.ensureOwnTree();
    return this.parsed;
  }

  private ensureOwnTree(): void {
    if (!this.superseded) return;
    const fresh = DefinitionDocument.parse(this.text, this.format, this.lineage);
    this.tree = fresh.tree;
    this.parsed = fresh.parsed;
    this.usesAliases = fresh.usesAliases;
    this.superseded = false;
  }

  static parse(text: string, format: DefinitionFormat, lineage: object = {}): DefinitionDocument {
    const r = parseDefinition(text, format);
    return new DefinitionDocument(text, format, r.root, r.diagnostics.map(detachedFinding), r.usesAliases, lineage);
  }

  /** Replaces `deleteLength` characters at `offset` with `insertText`; re-parses only what changed when safe. */
  applyEdit(offset: number, deleteLength: number, insertText: string): DefinitionDocument {
    const start = Math.max(0, Math.min(offset, this.text.length));
    const del = Math.max(0, Math.min(deleteLength, this.text.length - start));
    const newText = this.text.slice(0, start) + insertText + this.text.slice(start + del);
    if (this.format === 'yaml') {
      let next;
      try {
        next = tryIncrementalYaml(
          { text: this.text, root: this.root, diagnostics: this.parseDiagnostics, usesAliases: this.usesAliases },
          newText,
          start,
          del,
          insertText,
        );
      } catch {
        // The previous tree may have been changed part way: rebuild it if it is asked for again.
        this.superseded = true;
        next = undefined;
      }
      if (next) {
        this.superseded = true;
        return new DefinitionDocument(newText, 'yaml', next.root, next.diagnostics, next.usesAliases, this.lineage, true);
      }
    }
    return DefinitionDocument.parse(newText, this.format, this.lineage);
  }
}
