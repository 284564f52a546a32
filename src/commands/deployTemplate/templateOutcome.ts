/**
 * How a template deploy ends: its outputs (Copy for an address), the container groups it created published to the
 * view, or its errors logged in full and placed where they belong — on a line of the template, a parameter (in the
 * template or the parameter file), or the resource whose operation failed.
 */
import * as vscode from 'vscode';
import { ArmError, errorMessage } from '../../core/arm/errors';
import { isStatusUnavailable } from '../../core/arm/lroOutcome';
import { addressKind, addressOutputs, deployedContainerGroups, deploymentOutputs, failedOperations, type FailedOperation } from '../../core/templateDeploy/operations';
import { deployErrorCause } from '../../core/diagnose/rules';
import { getDeployment, listDeploymentOperations, type DeploymentResource } from '../../core/templateDeploy/deployments';
import { locateFailedOperations, locateTemplateErrors, type PlacedError } from '../../core/templateDeploy/templateErrors';
import { containerGroups } from '../../settings/configuration';
import { containerGroupKey, type ContainerGroupTarget } from '../../core/settings/model';
import type { DeployCommandResult } from '../deploy/deployRun';
import type { TemplateRun } from './templateRun';

const CONTAINER_GROUP_TYPE = 'microsoft.containerinstance/containergroups';

export async function templateSucceeded(run: TemplateRun, resource: DeploymentResource): Promise<DeployCommandResult> {
  const { deploy } = run;
  const name = run.ref.deploymentName;
  clearProblems(run);
  run.state = resource.properties?.provisioningState ?? 'Succeeded';
  run.outputs = deploymentOutputs(resource);
  let operations: Awaited<ReturnType<typeof listDeploymentOperations>> = [];
  try {
    operations = await listDeploymentOperations(deploy.client, run.ref);
  } catch (err) {
    deploy.log('warn', `${name}: its operations could not be read: ${errorMessage(err)}`);
  }
  run.containerGroups = deployedContainerGroups(operations, resource);
  deploy.log('info', `${name}: ${run.state}${resource.properties?.duration ? ` in ${resource.properties.duration}` : ''}`);
  for (const o of run.outputs) deploy.log('info', `  output ${o.name} (${o.type}): ${o.value ?? '(secure, not shown)'}`);
  // The groups it made are the view's: their state shows on their entries, and a new one can be added.
  const configured = containerGroups().items;
  const added: ContainerGroupTarget[] = [];
  for (const group of run.containerGroups) {
    const target: ContainerGroupTarget = { name: group, subscriptionId: deploy.target.subscriptionId, resourceGroup: deploy.target.resourceGroup, definitionFile: deploy.target.definitionFile };
    deploy.ctx.publishState({ target, state: run.state, at: Date.now() });
    const known = configured.some((t) => t.name === group && t.resourceGroup.toLowerCase() === target.resourceGroup.toLowerCase() && t.subscriptionId === target.subscriptionId);
    if (!known) added.push(target);
  }
  if (!run.containerGroups.includes(deploy.target.name)) deploy.publishState(run.state);
  const actions: Record<string, () => unknown> = {};
  for (const o of addressOutputs(run.outputs).slice(0, 2)) {
    const kind = addressKind(o.value);
    const named = kind === 'ip' ? vscode.l10n.t('Copy IP Address') : kind === 'fqdn' ? vscode.l10n.t('Copy FQDN') : vscode.l10n.t('Copy {0}', o.name);
    // Two outputs of one kind keep their names apart.
    actions[named in actions ? vscode.l10n.t('Copy {0}', o.name) : named] = () => vscode.env.clipboard.writeText(o.value!);
  }
  // One after the other: each addition reads the list the previous one wrote.
  if (added.length) {
    actions[vscode.l10n.t('Add to View')] = async () => {
      for (const t of added) await deploy.ctx.lists.saveContainerGroup(t);
    };
  }
  const shown = run.outputs.filter((o) => o.value !== undefined).map((o) => `${o.name}: ${o.value}`);
  const groups = run.containerGroups.length ? vscode.l10n.t('container groups: {0}', run.containerGroups.join(', ')) : '';
  deploy.notify('info', vscode.l10n.t('{0} deployed to {1}. {2}', name, deploy.target.resourceGroup, [groups, ...shown].filter(Boolean).join(' · ')), actions);
  return deploy.done('succeeded', { deployment: run.facts() });
}

function clearProblems(run: TemplateRun): void {
  run.deploy.ctx.diagnostics.clear(run.deploy.uri);
  if (run.parameters?.file) run.deploy.ctx.diagnostics.clear(run.parameters.file.uri);
}

/** Logs every detail, places the problems in the files they concern, and says the deploy failed. */
export async function templateFailed(run: TemplateRun, err: unknown, phase: 'whatIf' | 'deploy'): Promise<DeployCommandResult> {
  const { deploy } = run;
  const name = run.ref?.deploymentName ?? vscode.workspace.asRelativePath(deploy.uri);
  if (!(err instanceof ArmError)) {
    deploy.log('error', `${name}: deploy failed: ${errorMessage(err)}`);
    deploy.notify('error', vscode.l10n.t('Deploy of {0} failed: {1}', name, errorMessage(err)));
    return deploy.done('failed', { deployment: run.facts() });
  }
  if (err.kind === 'canceled' || isStatusUnavailable(err)) {
    deploy.log('warn', `${name}: ${err.message}`);
    deploy.publishState('Unknown');
    deploy.notify('warning', vscode.l10n.t('The outcome of {0} is not known: {1} It may still be running in Azure.', name, err.message));
    return deploy.done(err.kind === 'canceled' ? 'canceled' : 'unknown', { errorCode: err.code, deployment: run.facts() });
  }
  deploy.log('error', `${name}: ${phase === 'whatIf' ? 'what-if failed: ' : ''}${err.message}${err.requestId ? ` (x-ms-request-id ${err.requestId})` : ''}`);
  const logDetails = (details: typeof err.details, depth: number): void => {
    for (const d of details ?? []) {
      deploy.log('error', `${'  '.repeat(depth)}${d.code ?? 'Error'}${d.target ? ` at ${d.target}` : ''}: ${d.message ?? ''}`);
      logDetails(d.details, depth + 1);
    }
  };
  logDetails(err.details, 1);
  const placed = await placeProblems(run, err, phase);
  const cause = phase === 'deploy' ? recordGroupErrors(run, err, placed.failed) : undefined;
  if (phase === 'deploy') run.state = 'Failed';
  const showOutput = () => vscode.commands.executeCommand('aciDataShare.showOutput');
  const actions: Record<string, () => unknown> = placed.count ? { [vscode.l10n.t('Show Problem')]: placed.open, [vscode.l10n.t('Show Output')]: showOutput } : { [vscode.l10n.t('Show Output')]: showOutput };
  const first = placed.first ? ` ${placed.first}` : '';
  if (cause) {
    deploy.log('error', `${name}: likely cause: ${cause.title}. Fix: ${cause.fix} (${cause.doc})`);
    actions[vscode.l10n.t('Open Documentation')] = () => vscode.env.openExternal(vscode.Uri.parse(cause.doc));
    deploy.notify('error', vscode.l10n.t('Deploy of {0} failed: {1} Likely cause: {2}. {3}', name, err.message, cause.title, cause.fix) + first, actions);
  } else {
    deploy.notify('error', vscode.l10n.t('Deploy of {0} failed: {1}', name, err.message) + first, actions);
  }
  return deploy.done('failed', { errorCode: err.code, errorTarget: err.target, diagnostics: placed.count, deployment: run.facts(), ...(cause ? { cause } : {}) });
}

type ErrorWords = { code?: string; message?: string };

/** The words of an error and of its details: a provider's code may be only in a detail. */
function wordsOf(e: { code?: string; message?: string; details?: { code?: string; message?: string }[] }): ErrorWords {
  const all = [e, ...(e.details ?? [])];
  return { code: all.map((d) => d.code).filter(Boolean).join(' '), message: all.map((d) => d.message).filter(Boolean).join(' ') };
}

/**
 * Each container group whose operation failed keeps its error for Diagnose, as a plain deploy's refusal does (Azure
 * has no group to read it from); the entry deployed from keeps its own group's error, else the first group's, else
 * the deployment's. A deployment the PUT itself refused (preflight: InvalidTemplateDeployment, 400, the provider's
 * error in its details) ran no operation: every group the template defines (as the what-if named them) keeps that
 * error. Returns the likely cause the first error that has one names.
 */
function recordGroupErrors(run: TemplateRun, err: ArmError, failed: FailedOperation[]): DeployCommandResult['cause'] {
  const { deploy } = run;
  const here = { subscriptionId: deploy.target.subscriptionId, resourceGroup: deploy.target.resourceGroup };
  const groups = failed.filter((f) => f.resourceType.toLowerCase() === CONTAINER_GROUP_TYPE).map((f) => ({ ...here, name: f.resourceName, words: wordsOf(f) }));
  if (!groups.length && err.kind === 'http') groups.push(...run.whatIf.containerGroups.map((g) => ({ ...g, words: wordsOf(err) })));
  const isOwn = (g: (typeof groups)[number]) => containerGroupKey(g) === containerGroupKey(deploy.target);
  const own = groups.find(isOwn);
  deploy.publishState('Failed', own?.words ?? groups[0]?.words ?? wordsOf(err));
  for (const g of groups) {
    if (isOwn(g)) continue;
    const target: ContainerGroupTarget = { name: g.name, subscriptionId: g.subscriptionId, resourceGroup: g.resourceGroup, definitionFile: deploy.target.definitionFile };
    deploy.ctx.publishState({ target, state: 'Failed', at: Date.now(), error: { code: g.words.code, message: g.words.message && deploy.redact(g.words.message) } });
  }
  for (const words of [...groups.map((g) => g.words), wordsOf(err)]) {
    const found = deployErrorCause(words);
    if (found) return { kind: found.kind, title: found.title, fix: found.fix, doc: found.doc };
  }
  return undefined;
}

interface Placed {
  count: number;
  /** The failed resource operations, when the deployment's were read. */
  failed: FailedOperation[];
  open: () => Promise<void>;
  /** "(line 12 of azuredeploy.json)" for the first problem. */
  first?: string;
}

async function placeProblems(run: TemplateRun, err: ArmError, phase: 'whatIf' | 'deploy'): Promise<Placed> {
  const { deploy } = run;
  const sources = {
    templateText: deploy.source.text,
    templateFileName: deploy.source.doc.fileName,
    parametersText: run.parameters?.file?.text,
    sentBody: run.sent ?? '',
    parameterValues: Object.fromEntries(Object.entries(run.parameters?.entries ?? {}).map(([k, e]) => [k, 'value' in e ? e.value : undefined])),
  };
  let locations: PlacedError[] = [];
  let failed: FailedOperation[] = [];
  if (phase === 'deploy' && err.kind === 'lro' && run.ref) {
    try {
      failed = failedOperations(await listDeploymentOperations(deploy.client, run.ref));
      locations = locateFailedOperations(sources, failed);
      for (const f of failed) deploy.log('error', `  ${f.resourceType}/${f.resourceName}: ${f.code ?? 'Failed'}: ${f.message}`);
      run.state = (await getDeployment(deploy.client, run.ref)).properties?.provisioningState;
    } catch (readErr) {
      deploy.log('warn', `${run.ref.deploymentName}: its operations could not be read: ${errorMessage(readErr)}`);
    }
  }
  if (!locations.length && (err.kind === 'http' || err.kind === 'lro') && (err.status === undefined || err.status < 500)) locations = locateTemplateErrors(sources, err);
  const byFile = new Map<string, { uri: vscode.Uri; version?: number; list: PlacedError[] }>();
  for (const l of locations) {
    const file = l.file === 'parameters' && run.parameters?.file ? run.parameters.file : { uri: deploy.uri, version: deploy.source.version };
    const entry = byFile.get(file.uri.toString()) ?? { uri: file.uri, version: file.version, list: [] };
    entry.list.push(l);
    byFile.set(file.uri.toString(), entry);
  }
  clearProblems(run);
  let count = 0;
  for (const { uri, version, list } of byFile.values()) count += await deploy.ctx.diagnostics.show(uri, list, (t) => deploy.redact(t), version);
  const firstLoc = locations[0];
  const firstUri = firstLoc?.file === 'parameters' && run.parameters?.file ? run.parameters.file.uri : deploy.uri;
  let first: string | undefined;
  if (firstLoc) {
    const doc = await vscode.workspace.openTextDocument(firstUri);
    first = vscode.l10n.t('(line {0} of {1})', doc.positionAt(firstLoc.range.start).line + 1, vscode.workspace.asRelativePath(firstUri));
  }
  const open = async () => {
    if (!firstLoc) return;
    const editor = await vscode.window.showTextDocument(firstUri);
    const range = new vscode.Range(editor.document.positionAt(firstLoc.range.start), editor.document.positionAt(firstLoc.range.end));
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range);
  };
  return { count, open, first, failed };
}
