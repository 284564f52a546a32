/**
 * The editing features of open definition documents, kept as one model per document that follows every
 * edit. Runs in a worker thread (see worker.ts) so parsing and validating large files never block the
 * extension host; it is plain logic, so tests and benchmarks call it directly too.
 */
import { DefinitionDocument, DefinitionFormat, Finding } from '../definition';
import { Code } from '../definition/findingCodes';
import { unknownSecretFindings } from '../validation/unknownSecrets';
import { validateDocument } from '../validation/validateDocument';
import { readParameterFileValues } from '../definition/parameterFiles';
import { complete, CompletionEntry } from '../completion/complete';
import { hover } from '../hover/hover';
import { withSkeletonFixes } from './skeletonFixes';
import { documentSymbols, SymbolEntry } from '../symbols/documentSymbols';

/** Above this size a document gets one informational finding instead of live validation. */
export const MAX_LIVE_BYTES = 5 * 1024 * 1024;

export interface ContentChange {
  /** Offset and length in the text before this change, as VS Code reports them. */
  rangeOffset: number;
  rangeLength: number;
  text: string;
}

interface Tracked {
  version: number;
  format: DefinitionFormat;
  /** Undefined while the document is too large to model. */
  doc: DefinitionDocument | undefined;
  text: string;
}

/** `stale`: the document has moved on to a newer version; `missing`: the worker does not know it (reopen it). */
export type Versioned<T> = { version: number; result: T } | { stale: true } | { missing: true };

function tooLarge(text: string): Finding[] {
  const mb = (Buffer.byteLength(text) / 1024 / 1024).toFixed(1);
  return [
    {
      code: Code.tooLargeForLiveChecks,
      severity: 'info',
      message: `This file is ${mb} MB, above the ${MAX_LIVE_BYTES / 1024 / 1024} MB limit for live checks. Run "aci-validate" on it from a terminal.`,
      range: { start: 0, end: 0 },
      path: [],
    },
  ];
}

export class LanguageService {
  private readonly docs = new Map<string, Tracked>();

  open(uri: string, version: number, format: DefinitionFormat, text: string): void {
    const doc = text.length > MAX_LIVE_BYTES ? undefined : DefinitionDocument.parse(text, format);
    this.docs.set(uri, { version, format, doc, text: doc ? '' : text });
  }

  /** Applies VS Code's content changes in order; falls back to a fresh parse when a change does not fit. */
  edit(uri: string, version: number, changes: ContentChange[], fullText?: string): void {
    const t = this.docs.get(uri);
    if (!t) return;
    if (!t.doc) {
      // Too large to model: keep the text current (it may shrink below the limit) and the version with it.
      let text = fullText ?? t.text;
      if (fullText === undefined) {
        for (const c of changes) text = text.slice(0, c.rangeOffset) + c.text + text.slice(c.rangeOffset + c.rangeLength);
      }
      this.open(uri, version, t.format, text);
      return;
    }
    let doc: DefinitionDocument = t.doc;
    for (const c of changes) {
      if (c.rangeOffset < 0 || c.rangeOffset + c.rangeLength > doc.text.length) {
        if (fullText === undefined) throw new Error('edit outside the document');
        doc = DefinitionDocument.parse(fullText, t.format, doc.lineage);
        break;
      }
      doc = doc.applyEdit(c.rangeOffset, c.rangeLength, c.text);
    }
    if (doc.text.length > MAX_LIVE_BYTES) {
      this.docs.set(uri, { ...t, version, doc: undefined, text: doc.text });
      return;
    }
    this.docs.set(uri, { ...t, version, doc });
  }

  close(uri: string): void {
    this.docs.delete(uri);
  }

  has(uri: string): boolean {
    return this.docs.has(uri);
  }

  private current(uri: string, version: number): Tracked | { missing: true } | { stale: true } {
    const t = this.docs.get(uri);
    if (!t) return { missing: true };
    return t.version === version ? t : { stale: true };
  }

  /**
   * The document's findings, then a warning on each placeholder naming none of `secretNames`. A template is
   * checked with the values of `parameterFile` (its parameter file) in place of its parameters.
   */
  diagnostics(uri: string, version: number, secretNames: readonly string[] = [], parameterFile?: { name: string; text: string }): Versioned<Finding[]> {
    const t = this.current(uri, version);
    if ('missing' in t || 'stale' in t) return t;
    const values = parameterFile && readParameterFileValues(parameterFile.text, parameterFile.name);
    const own = t.doc ? withSkeletonFixes(t.doc, validateDocument(t.doc, values)) : tooLarge(t.text);
    return { version, result: [...own, ...unknownSecretFindings(t.doc ? t.doc.text : t.text, secretNames)] };
  }

  complete(uri: string, version: number, offset: number, secretNames: string[] = []): Versioned<CompletionEntry[]> {
    const t = this.current(uri, version);
    if ('missing' in t || 'stale' in t) return t;
    return { version, result: t.doc ? complete(t.doc, offset, { secretNames }) : [] };
  }

  hover(uri: string, version: number, offset: number): Versioned<ReturnType<typeof hover>> {
    const t = this.current(uri, version);
    if ('missing' in t || 'stale' in t) return t;
    return { version, result: t.doc ? hover(t.doc, offset) : undefined };
  }

  symbols(uri: string, version: number): Versioned<SymbolEntry[]> {
    const t = this.current(uri, version);
    if ('missing' in t || 'stale' in t) return t;
    return { version, result: t.doc ? documentSymbols(t.doc) : [] };
  }
}
