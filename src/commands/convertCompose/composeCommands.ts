/**
 * Convert Compose File to Container Group… and Deploy Compose File…. Both read the Compose file as Compose reads
 * it (with compose.override.yaml beside it, `.env` and the environment), ask what only the user can answer
 * (the format, host names, each named volume), and never write a definition when something blocks the
 * conversion: the problems go on the Compose file's lines instead. Deploy writes the definition beside the
 * Compose file too, then hands it to the one Deploy command, which is what deploys it from then on.
 */
import * as vscode from 'vscode';
import { isComposeFileName, overrideFileFor } from '../../core/compose/composeFiles';
import { convertCompose, type ConversionResult } from '../../core/compose/convertCompose';
import { KIND_SEVERITY } from '../../core/compose/findings';
import { renderDefinition, type RenderFormat } from '../../core/compose/renderDefinition';
import { composeCode } from '../../core/compose/rules';
import type { ComposeFileText, ConversionChoices } from '../../core/compose/types';
import type { CommandContext } from '../shared/registerCommand';
import { askChoices, askFormat } from './askChoices';
import { readBeside } from './readBeside';
import { REPORT_SCHEME, type ComposeState } from './registerConvertCompose';
import { reportMarkdown } from './reportMarkdown';
import { offerSecrets } from './offerSecrets';

export interface ComposeCommandResult {
  outcome: 'written' | 'blocked' | 'dismissed' | 'deployed' | 'notDeployed';
  definition?: vscode.Uri;
  report?: vscode.Uri;
  findings: ConversionResult['findings'];
}

const SEVERITY = { error: vscode.DiagnosticSeverity.Error, warning: vscode.DiagnosticSeverity.Warning, info: vscode.DiagnosticSeverity.Information } as const;

export async function convertComposeFile(ctx: CommandContext, state: ComposeState, arg: unknown): Promise<ComposeCommandResult | undefined> {
  const title = vscode.l10n.t('Convert Compose File to Container Group');
  const prepared = await prepare(ctx, state, arg, title);
  if (!prepared || 'ended' in prepared) return prepared?.ended;
  const format = await askFormat(ctx, title);
  if (!format) return { outcome: 'dismissed', findings: [] };
  return write(ctx, state, prepared, format, title);
}

export async function deployComposeFile(ctx: CommandContext, state: ComposeState, arg: unknown): Promise<ComposeCommandResult | undefined> {
  const title = vscode.l10n.t('Deploy Compose File');
  const prepared = await prepare(ctx, state, arg, title);
  if (!prepared || 'ended' in prepared) return prepared?.ended;
  const text = renderDefinition(prepared.result.definition as Record<string, unknown>, 'yaml', header(prepared.uri));
  // The editor's own checks on the definition in memory (an untitled document), before anything is written or asked.
  const draft = await vscode.workspace.openTextDocument({ language: 'yaml', content: text });
  const checked = (await state.validate(draft)).filter((f) => f.severity === 'error');
  if (checked.length) {
    void ctx.ui.message('error', vscode.l10n.t('The converted definition has {0} error(s): {1}', checked.length, checked[0].message));
    return { outcome: 'notDeployed', findings: prepared.result.findings };
  }
  const changed = prepared.result.findings.filter((f) => f.kind === 'changed' || f.kind === 'leftOut');
  const containers = ((prepared.result.definition?.properties as { containers?: unknown[] }).containers ?? []).length;
  const go = vscode.l10n.t('Convert and Deploy');
  const detail = changed.slice(0, 8).map((f) => `• ${f.message}`).join('\n');
  const answer = await ctx.ui.message('warning', vscode.l10n.t('Deploy {0} as a container group of {1} container(s)? The conversion changed or left out {2} thing(s).', vscode.workspace.asRelativePath(prepared.uri), containers, changed.length), { modal: true, detail }, go);
  if (answer !== go) return { outcome: 'dismissed', findings: prepared.result.findings };
  const written = await write(ctx, state, prepared, 'yaml', title, true);
  if (written.outcome !== 'written' || !written.definition) return written;
  const deployed = await vscode.commands.executeCommand<{ outcome?: string } | undefined>('aciDataShare.deploy', written.definition);
  return { ...written, outcome: deployed?.outcome === 'succeeded' ? 'deployed' : 'notDeployed' };
}

interface Prepared {
  uri: vscode.Uri;
  files: ComposeFileText[];
  result: ConversionResult;
}

/** The Compose file chosen, read, converted with the user's answers; ends (with the problems shown) when blocked. */
async function prepare(ctx: CommandContext, state: ComposeState, arg: unknown, title: string): Promise<Prepared | { ended: ComposeCommandResult } | undefined> {
  const uri = await composeUri(ctx, arg, title);
  if (!uri) return undefined;
  const files = readComposeFiles(uri);
  if (!files) {
    void ctx.ui.message('error', vscode.l10n.t('{0} cannot be read (a regular file of at most 5 MB).', vscode.workspace.asRelativePath(uri)));
    return { ended: { outcome: 'blocked', findings: [] } };
  }
  const input = { files, env: process.env, readFile: readBeside };
  const first = convertCompose(input);
  if (!first.definition) return { ended: await blocked(ctx, state, files, first) };
  const choices: ConversionChoices | undefined = await askChoices(ctx, title, first);
  if (!choices) return { ended: { outcome: 'dismissed', findings: first.findings } };
  const result = convertCompose(input, choices);
  if (!result.definition) return { ended: await blocked(ctx, state, files, result) };
  return { uri, files, result };
}

async function composeUri(ctx: CommandContext, arg: unknown, title: string): Promise<vscode.Uri | undefined> {
  if (arg instanceof vscode.Uri) return arg;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && isComposeFileName(active.fsPath)) return active;
  const picked = await ctx.ui.openDialog({ title, canSelectMany: false, filters: { Compose: ['yaml', 'yml'] }, openLabel: vscode.l10n.t('Convert') });
  return picked?.[0];
}

/** The Compose file (as the editor holds it) and compose.override.yaml beside it when there is one. */
function readComposeFiles(uri: vscode.Uri): ComposeFileText[] | undefined {
  const text = (path: string): string | undefined => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === path)?.getText() ?? readBeside(path);
  const main = text(uri.fsPath);
  if (main === undefined) return undefined;
  const override = overrideFileFor(uri.fsPath);
  const overrideText = override === undefined ? undefined : text(override);
  return [{ path: uri.fsPath, text: main }, ...(override !== undefined && overrideText !== undefined ? [{ path: override, text: overrideText }] : [])];
}

/** The problems on the Compose files' lines, the first one named in an error with Go to Line, nothing written. */
async function blocked(ctx: CommandContext, state: ComposeState, files: ComposeFileText[], result: ConversionResult): Promise<ComposeCommandResult> {
  await showProblems(state, files, result);
  const first = result.findings.find((f) => f.kind === 'blocked');
  if (first) {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(first.file));
    const line = doc.positionAt(first.range.start).line + 1;
    ctx.log.warn(`Compose file not converted: ${vscode.workspace.asRelativePath(first.file)} line ${line}: [${composeCode(first.rule)}]`);
    const go = vscode.l10n.t('Go to Line');
    void ctx.ui.message('error', vscode.l10n.t('{0} was not converted: line {1}: {2}', vscode.workspace.asRelativePath(first.file), line, first.message), go).then(async (choice) => {
      if (choice === go) await vscode.window.showTextDocument(doc, { selection: new vscode.Range(doc.positionAt(first.range.start), doc.positionAt(first.range.end)) });
    });
  }
  return { outcome: 'blocked', findings: result.findings };
}

async function showProblems(state: ComposeState, files: ComposeFileText[], result: ConversionResult): Promise<void> {
  for (const file of files) {
    const uri = vscode.Uri.file(file.path);
    const doc = await vscode.workspace.openTextDocument(uri);
    const diagnostics = result.findings
      .filter((f) => f.file === file.path && f.kind !== 'mapped')
      .map((f) => {
        const d = new vscode.Diagnostic(new vscode.Range(doc.positionAt(f.range.start), doc.positionAt(f.range.end)), f.message, SEVERITY[KIND_SEVERITY[f.kind]]);
        d.code = composeCode(f.rule);
        d.source = 'ACI & Data Share';
        return d;
      });
    state.diagnostics.set(uri, diagnostics);
  }
}

const header = (compose: vscode.Uri): string[] => [`Converted from ${vscode.workspace.asRelativePath(compose)} by Convert Compose File to Container Group.`, 'Secret values are references to secrets stored with Set Secret, never written here.'];

/** Writes the whole definition at once beside the Compose file (asking before replacing one), opens it and the report. */
async function write(ctx: CommandContext, state: ComposeState, prepared: Prepared, format: RenderFormat, title: string, waitForSecrets = false): Promise<ComposeCommandResult> {
  const { uri, files, result } = prepared;
  const definition = result.definition as Record<string, unknown>;
  const text = renderDefinition(definition, format, header(uri));
  const target = vscode.Uri.joinPath(uri, '..', `${String(definition.name)}.aci.${format === 'arm' ? 'json' : 'yaml'}`);
  if (await exists(target)) {
    const replace = vscode.l10n.t('Replace');
    const answer = await ctx.ui.message('warning', vscode.l10n.t('{0} exists. Replace it with the converted definition?', vscode.workspace.asRelativePath(target)), { modal: true }, replace);
    if (answer !== replace) return { outcome: 'dismissed', findings: result.findings };
  }
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  await showProblems(state, files, result);
  const report = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/${String(definition.name)}.conversion.md` });
  state.reports.set(report.toString(), reportMarkdown(vscode.workspace.asRelativePath(uri), vscode.workspace.asRelativePath(target), result, new Map(files.map((f) => [f.path, f.text]))));
  state.changed.fire(report);
  await vscode.window.showTextDocument(target);
  // The built-in Markdown preview when there is one (it can be disabled), else the report's text.
  await Promise.resolve(vscode.commands.executeCommand('markdown.showPreviewToSide', report)).catch(() => vscode.window.showTextDocument(report, { viewColumn: vscode.ViewColumn.Beside, preview: true }));
  ctx.log.info(`${title}: ${vscode.workspace.asRelativePath(uri)} → ${vscode.workspace.asRelativePath(target)} (${result.findings.filter((f) => f.kind !== 'mapped').length} changed or left out)`);
  // Deploy waits for the answer (its secrets are needed next); Convert leaves the offer in a notification.
  const offer = offerSecrets(ctx, result.secrets, uri, target, waitForSecrets);
  if (waitForSecrets) await offer;
  else void offer;
  return { outcome: 'written', definition: target, report, findings: result.findings };
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
