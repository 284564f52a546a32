/**
 * The peer for the editing benchmark: yaml-language-server 2.0.0 used in-process through its library API,
 * with the extension's container group schema associated with the document, as an editor would set it up.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { getLanguageService, type LanguageService } from 'yaml-language-server';
import { TextDocument } from 'vscode-languageserver-textdocument';

export const PEER_NAME = 'yaml-language-server';

export interface PeerFinding {
  line: number;
  message: string;
}

export function peerVersion(): string {
  // Read next to the resolved entry so the figure names the copy actually measured.
  const entry = require.resolve('yaml-language-server');
  const pkg = JSON.parse(readFileSync(entry.replace(/out[\\/]src[\\/]index\.js$/, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export class PeerYamlService {
  private readonly service: LanguageService;
  private document: TextDocument;
  private version = 0;

  constructor(schemaPath: string, readonly uri = 'file:///bench/large-group.aci.yaml') {
    const schemaText = readFileSync(schemaPath, 'utf8');
    const schemaUri = pathToFileURL(schemaPath).toString();
    this.service = getLanguageService({
      schemaRequestService: async (requested: string) => {
        if (requested !== schemaUri) throw new Error(`No schema at ${requested}`);
        return schemaText;
      },
      workspaceContext: { resolveRelativePath: (relative: string, resource: string) => new URL(relative, resource).toString() },
    });
    this.service.configure({
      validate: true,
      completion: true,
      hover: true,
      schemas: [{ uri: schemaUri, fileMatch: ['*.aci.yaml'], schema: JSON.parse(schemaText) as unknown }],
    });
    this.document = TextDocument.create(this.uri, 'yaml', this.version, '');
  }

  /** A document the service has not seen: same URI, new version, so nothing parsed earlier is reused. */
  open(text: string): void {
    this.document = TextDocument.create(this.uri, 'yaml', ++this.version, text);
  }

  /** An incremental change as an editor sends it; the new version makes the service parse again. */
  edit(offset: number, deleteLength: number, insertText: string): void {
    const range = { start: this.document.positionAt(offset), end: this.document.positionAt(offset + deleteLength) };
    this.document = TextDocument.update(this.document, [{ range, text: insertText }], ++this.version);
  }

  get text(): string {
    return this.document.getText();
  }

  async validate(): Promise<PeerFinding[]> {
    const found = await this.service.doValidation(this.document, false);
    return found.map((d) => ({ line: d.range.start.line, message: typeof d.message === 'string' ? d.message : d.message.value }));
  }

  /** Number of completion items at the offset. */
  async complete(offset: number): Promise<number> {
    const list = await this.service.doComplete(this.document, this.document.positionAt(offset), false);
    return list.items.length;
  }

  /** True when the service returned hover content. */
  async hover(offset: number): Promise<boolean> {
    return (await this.service.doHover(this.document, this.document.positionAt(offset))) !== null;
  }
}
