/**
 * Diagnose: reads the group's live state once (at the api-version its definition names), runs the rules of
 * src/core/diagnose (with the error the last deploy got, when it failed) and shows the result in the Markdown preview of a
 * read-only document (diagnosisDocuments.ts): the same one again for the same group or container.
 */
import * as vscode from 'vscode';
import { diagnose, diagnoseRefusedDeploy, type Diagnosis } from '../../core/diagnose/rules';
import { diagnosisMarkdown, diagnosisTitle } from '../../core/diagnose/report';
import { fetchLiveState, liveReadApiVersion } from '../../core/deploy/liveFetch';
import { readDefinitionText } from '../../core/containerGroup/readDefinition';
import type { ContainerGroupTarget } from '../../core/settings/model';
import { containerGroups } from '../../settings/configuration';
import { containerRefOf } from '../../tree/containerRef';
import { locateDefinition, readDefinitionFile } from '../../tree/definitionFiles';
import { pickConfigured, targetOfNode } from '../deploy/pickTarget';
import type { CommandContext } from '../shared/registerCommand';
import { refusedUntrusted } from '../shared/workspaceTrust';
import type { DiagnosisDocuments } from './diagnosisDocuments';

export interface DiagnoseResult {
  outcome: 'diagnosed' | 'notDeployed' | 'dismissed' | 'refused';
  target?: string;
  container?: string;
  diagnosis?: Diagnosis;
  /** The Markdown shown. */
  markdown?: string;
  /** The report's read-only document. */
  uri?: string;
}

async function chooseTarget(ctx: CommandContext, arg: unknown): Promise<{ target: ContainerGroupTarget; container?: string } | undefined> {
  const ref = containerRefOf(arg);
  if (ref) return { target: ref.target, container: ref.containerName };
  const node = targetOfNode(arg);
  if (node) return { target: node };
  const configured = containerGroups().items;
  if (configured.length === 0) throw new Error(vscode.l10n.t('No container group is configured. Add one to the view first.'));
  const target = await pickConfigured(ctx, configured, vscode.l10n.t('Diagnose'), vscode.l10n.t('Container group'));
  return target && { target };
}

/** The api-version the definition names, so the live read returns its fields; the default when it cannot be read. */
async function apiVersionOf(target: ContainerGroupTarget): Promise<string | undefined> {
  const at = locateDefinition(target);
  if (!at.ok) return undefined;
  const file = await readDefinitionFile(at.uri);
  if (!file.ok) return undefined;
  const read = readDefinitionText(file.text, at.uri.path);
  return read.ok ? liveReadApiVersion(read.value, target) : undefined;
}

export async function runDiagnose(ctx: CommandContext, documents: DiagnosisDocuments, arg: unknown): Promise<DiagnoseResult> {
  if (refusedUntrusted(ctx, vscode.l10n.t('Diagnose does not read Azure in an untrusted workspace. Trust the workspace to diagnose.'))) return { outcome: 'refused' };
  const chosen = await chooseTarget(ctx, arg);
  if (!chosen) return { outcome: 'dismissed' };
  const { target, container } = chosen;
  const { client } = await ctx.services.session.connection();
  const live = await ctx.ui.progress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Diagnosing {0}', target.name) }, async () =>
    fetchLiveState(client, target, undefined, { apiVersion: await apiVersionOf(target) }),
  );
  // The last deploy's error speaks for a group Azure refused (none to read) or failed (its state says only Failed).
  const lastError = ctx.services.deployStates.lastError(target);
  let diagnosis: Diagnosis;
  if (live.deployed) {
    const failed = /^failed$/i.test(live.group.provisioningState ?? '');
    diagnosis = diagnose(live.group, { container, error: failed ? lastError : undefined });
  } else if (lastError && container === undefined) {
    diagnosis = diagnoseRefusedDeploy(lastError);
  } else {
    void ctx.ui.message('info', vscode.l10n.t('{0} is not deployed in {1}: there is nothing to diagnose.', target.name, target.resourceGroup));
    return { outcome: 'notDeployed', target: target.name, container };
  }
  ctx.log.info(`Diagnose ${target.name}${container ? ` · ${container}` : ''}: ${diagnosis.causes.map((c) => c.kind).join(', ') || 'no known cause'}`);
  const subject = container ? `${target.name} · ${container}` : target.name;
  const markdown = diagnosisMarkdown(subject, diagnosis);
  const uri = documents.set(diagnosisTitle(subject), markdown);
  // The preview alone: the document is read-only, so no editor of its text is opened beside it.
  await vscode.commands.executeCommand('markdown.showPreview', uri);
  return { outcome: 'diagnosed', target: target.name, container, diagnosis, markdown, uri: uri.toString() };
}
