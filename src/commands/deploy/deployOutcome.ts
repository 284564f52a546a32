/**
 * How a deploy ends once the request went out: success (state, address, actions, the state published), or
 * failure (logged with every detail, placed on the definition's property where the error says which, a
 * cancel told as "may continue in Azure").
 */
import * as vscode from 'vscode';
import { ArmError, errorMessage } from '../../core/arm/errors';
import { isStatusUnavailable, isWaitCanceled } from '../../core/arm/lroOutcome';
import { describeInstanceView, readExistingGroup, summarizeDeployedGroup, type DeployedGroup } from '../../core/deploy/deployContainerGroup';
import { locateErrorTargets } from '../../core/deploy/errorTargets';
import { deployErrorCause } from '../../core/diagnose/rules';
import { otherCollection, type DeployCommandResult, type DeployRun } from './deployRun';

/** "Succeeded · IP 20.1.2.3 · web.westeurope.azurecontainer.io", logged with the ports and the instance view. */
function logGroupState(run: DeployRun, group: DeployedGroup, fallbackState: string): { state: string; outcome: string } {
  const state = group.provisioningState ?? fallbackState;
  const address = [group.ip && `IP ${group.ip}`, group.fqdn].filter(Boolean).join(' · ');
  const outcome = `${state}${address ? ` · ${address}` : ''}`;
  run.log('info', `${run.target.name}: ${outcome}${group.ports.length ? ` · ports ${group.ports.join(', ')}` : ''}`);
  for (const line of describeInstanceView(group)) run.log('info', line);
  return { state, outcome };
}

export function deploySucceeded(run: DeployRun, group: DeployedGroup, extra: Partial<DeployCommandResult>): DeployCommandResult {
  const name = run.target.name;
  run.ctx.diagnostics.clear(run.uri);
  const { state, outcome } = logGroupState(run, group, 'Succeeded');
  run.publishState(state);
  const actions: Record<string, () => unknown> = {};
  if (group.ip) actions[vscode.l10n.t('Copy IP Address')] = () => vscode.env.clipboard.writeText(group.ip!);
  if (group.fqdn && group.ipType?.toLowerCase() !== 'private') {
    actions[vscode.l10n.t('Open in Browser')] = () => vscode.env.openExternal(vscode.Uri.parse(`http://${group.fqdn}`));
  }
  run.notify('info', extra.created ? vscode.l10n.t('{0} created: {1}.', name, outcome) : vscode.l10n.t('{0} updated: {1}.', name, outcome), actions);
  return run.done('succeeded', { group, ...extra });
}

/** The request went out but its outcome could not be read: no "failed", and a way to look at the group now. */
function deployUnknown(run: DeployRun, err: ArmError): DeployCommandResult {
  const name = run.target.name;
  run.log('warn', `${name}: ${err.message}${err.requestId ? ` (x-ms-request-id ${err.requestId})` : ''}`);
  run.log('warn', `${name}: the group may still be provisioning; Check Status reads its state from Azure.`);
  // The previous deploy's state and problems no longer describe the group.
  run.ctx.diagnostics.clear(run.uri);
  run.publishState('Unknown');
  run.notify('warning', vscode.l10n.t('{0} was sent to Azure, but its outcome is not known: {1} It may still be provisioning.', name, err.message), {
    [vscode.l10n.t('Check Status')]: () => checkStatus(run),
  });
  return run.done('unknown', { errorCode: err.code });
}

/** Reads the group from Azure and says what state it is in (or that it does not exist). */
async function checkStatus(run: DeployRun): Promise<void> {
  const name = run.target.name;
  try {
    const resource = await readExistingGroup(run.client, run.ref, undefined, run.prepared.apiVersion, otherCollection(run));
    if (!resource) {
      run.log('info', `${name}: not found in Azure.`);
      run.notify('info', vscode.l10n.t('{0} does not exist in Azure.', name));
      return;
    }
    const { state, outcome } = logGroupState(run, summarizeDeployedGroup(resource), 'unknown');
    run.publishState(state);
    run.notify('info', vscode.l10n.t('{0} is {1}.', name, outcome));
  } catch (err) {
    const message = errorMessage(err);
    run.log('error', `${name}: its state could not be read: ${message}`);
    run.notify('error', vscode.l10n.t('The state of {0} could not be read: {1}', name, message));
  }
}

export async function deployFailed(run: DeployRun, err: unknown): Promise<DeployCommandResult> {
  const name = run.target.name;
  if (!(err instanceof ArmError)) {
    run.log('error', `${name}: deploy failed: ${errorMessage(err)}`);
    run.notify('error', vscode.l10n.t('Deploy of {0} failed: {1}', name, errorMessage(err)));
    return run.done('failed');
  }
  if (isStatusUnavailable(err)) return deployUnknown(run, err);
  if (err.kind === 'canceled') {
    run.log('warn', `${name}: stopped waiting for the deployment; it may continue in Azure.`);
    // Once Azure had accepted it, the previous outcome no longer describes the group, here or after a reload;
    // a cancel before anything reached Azure leaves it as it was.
    if (isWaitCanceled(err)) run.publishState('Unknown');
    run.notify('info', vscode.l10n.t('Stopped waiting for {0}. The deployment may continue in Azure; refresh later to see its state.', name));
    return run.done('canceled');
  }
  run.log('error', `${name}: ${err.message}${err.requestId ? ` (x-ms-request-id ${err.requestId})` : ''}`);
  const logDetails = (details: typeof err.details, depth: number): void => {
    for (const d of details ?? []) {
      run.log('error', `${'  '.repeat(depth)}${d.code ?? 'Error'}${d.target ? ` at ${d.target}` : ''}: ${d.message ?? ''}`);
      logDetails(d.details, depth + 1);
    }
  };
  logDetails(err.details, 1);
  const count = await placeProblems(run, err);
  // The words of the error and of its details: an LRO failure may carry the service's code only in a detail.
  const words = { code: [err.code, ...(err.details ?? []).map((d) => d.code)].filter(Boolean).join(' '), message: [err.message, ...(err.details ?? []).map((d) => d.message)].filter(Boolean).join(' ') };
  const found = err.kind === 'lro' || err.kind === 'http' ? deployErrorCause(words) : undefined;
  const cause = found && { kind: found.kind, title: found.title, fix: found.fix, doc: found.doc };
  if (cause) run.log('error', `${name}: likely cause: ${cause.title}. Fix: ${cause.fix} (${cause.doc})`);
  if (err.kind === 'lro' || err.kind === 'http') run.publishState('Failed', words);
  const showOutput = () => vscode.commands.executeCommand('aciDataShare.showOutput');
  const actions: Record<string, () => unknown> = count.placed
    ? { [vscode.l10n.t('Show Problem')]: count.open, [vscode.l10n.t('Show Output')]: showOutput }
    : { [vscode.l10n.t('Show Output')]: showOutput };
  if (cause) {
    actions[vscode.l10n.t('Open Documentation')] = () => vscode.env.openExternal(vscode.Uri.parse(cause.doc));
    run.notify('error', vscode.l10n.t('Deploy of {0} failed: {1} Likely cause: {2}. {3}', name, err.message, cause.title, cause.fix), actions);
  } else {
    run.notify('error', vscode.l10n.t('Deploy of {0} failed: {1}', name, err.message), actions);
  }
  return run.done('failed', { errorCode: err.code, errorTarget: err.target, diagnostics: count.placed, ...(cause ? { cause } : {}) });
}

/** Puts the error's problems on the definition's properties; `open` reveals the first. */
async function placeProblems(run: DeployRun, err: ArmError): Promise<{ placed: number; open: () => Promise<void> }> {
  const { doc, version, text } = run.source;
  const uri = doc.uri;
  const name = run.target.name;
  // Offsets from the deployed text would land on wrong lines of an edited document: use its current text.
  const edited = doc.version !== version;
  const locations = locateErrorTargets(edited ? doc.getText() : text, uri.path, err, run.prepared.prefix);
  if (edited && locations.length) run.log('info', `${name}: the definition was edited during the deploy; the problems are placed in its current text.`);
  const placedIn = doc.version;
  const placed = locations.length ? await run.ctx.diagnostics.show(uri, locations, (t) => run.redact(t), placedIn) : 0;
  if (locations.length && placed === 0) run.log('info', `${name}: the definition changed again; no problems were placed in it (see the lines above).`);
  const open = async () => {
    const editor = await vscode.window.showTextDocument(uri);
    if (locations[0] && editor.document.version === placedIn) {
      const shown = editor.document;
      const range = new vscode.Range(shown.positionAt(locations[0].range.start), shown.positionAt(locations[0].range.end));
      editor.selection = new vscode.Selection(range.start, range.end);
      editor.revealRange(range);
    }
  };
  return { placed, open };
}
