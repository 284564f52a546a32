/**
 * The extension's side of the editing benchmark: the core document model, completion and hover, called
 * directly (as the language worker does), plus the worker's LanguageService for the full edit path.
 */
import { DefinitionDocument, Finding } from '../../src/core/definition';
import { complete } from '../../src/core/completion/complete';
import { hover } from '../../src/core/hover/hover';
import { LanguageService } from '../../src/core/languageService/service';
import { validateDocument } from '../../src/core/validation/validateDocument';

export class OursDefinitionService {
  private doc: DefinitionDocument | undefined;

  /** A fresh parse with its own validation cache: nothing from earlier documents is reused. */
  open(text: string): void {
    this.doc = DefinitionDocument.parse(text, 'yaml');
  }

  edit(offset: number, deleteLength: number, insertText: string): void {
    this.doc = this.current.applyEdit(offset, deleteLength, insertText);
  }

  get current(): DefinitionDocument {
    if (!this.doc) throw new Error('No document is open.');
    return this.doc;
  }

  diagnostics(): Finding[] {
    return validateDocument(this.current);
  }

  /** Number of completion entries at the offset. */
  complete(offset: number): number {
    return complete(this.current, offset).length;
  }

  /** True when hover has content at the offset. */
  hover(offset: number): boolean {
    return hover(this.current, offset) !== undefined;
  }
}

/** The worker's service (without the thread): VS Code's content changes in, versioned diagnostics out. */
export class OursWorkerPath {
  private readonly service = new LanguageService();
  private version = 0;

  constructor(private readonly uri = 'file:///bench/large-group.aci.yaml') {}

  open(text: string): void {
    this.service.close(this.uri);
    this.service.open(this.uri, ++this.version, 'yaml', text);
  }

  edit(offset: number, deleteLength: number, insertText: string): void {
    this.service.edit(this.uri, ++this.version, [{ rangeOffset: offset, rangeLength: deleteLength, text: insertText }]);
  }

  diagnostics(): Finding[] {
    const answer = this.service.diagnostics(this.uri, this.version);
    if (!('result' in answer)) throw new Error('The service answered for another version.');
    return answer.result;
  }
}
