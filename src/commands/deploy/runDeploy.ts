/**
 * The Deploy command: target → validation → PUT body with secrets → confirmation (create, or update with a
 * change summary) → PUT with a cancellable progress notification → result, or failure on the property.
 * Every line written to the log or shown to the user passes through the redaction of this deploy's secrets.
 */
import * as vscode from 'vscode';
import { ui } from '../../ui/userInput';
import type { ArmClient } from '../../core/arm/client';
import { ArmError } from '../../core/arm/errors';
import { redactText } from '../../core/arm/redact';
import { describeChanges } from '../../core/deploy/diff';
import { capLines, describeDestination, describeSecretUses } from '../../core/deploy/confirmation';
import { findSecretReferences } from '../../core/definition/secrets';
import { checkTarget } from '../../core/settings/targetCheck';
import type { CloudEndpoints } from '../../core/settings/endpoints';
import { revealTargetSetting } from './revealSetting';
import { deployBody, describeInstanceView, prepareDeploy, readExistingGroup, type DeployedGroup } from '../../core/deploy/deployContainerGroup';
import { locateErrorTargets } from '../../core/deploy/errorTargets';
import { DeployInputError } from '../../core/deploy/requestBody';
import { secretLiteralsInText } from '../../core/deploy/secretLiterals';
import { containerGroupKey, type ContainerGroupTarget } from '../../core/settings/model';
import type { Finding } from '../../core/definition/types';
import type { SecretStore } from '../../secrets/secretStore';
import type { DeployDiagnostics } from './deployDiagnostics';
import { pickTarget, targetOfNode } from './pickTarget';

export type DeployOutcome = 'succeeded' | 'failed' | 'canceled' | 'invalid' | 'dismissed';

export interface DeployCommandResult {
  outcome: DeployOutcome;
  target?: ContainerGroupTarget;
  /** True when the group did not exist before. */
  created?: boolean;
  /** Changes listed in the update confirmation, one path per line. */
  changes?: string[];
  group?: DeployedGroup;
  errorCode?: string;
  errorTarget?: string;
  /** Diagnostics placed in the definition for a failure. */
  diagnostics?: number;
  polls?: number;
  /** Every notification text this run showed, redacted. */
  notifications: string[];
}

export interface DeployLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface DeployContext {
  session: { connection(): Promise<{ client: ArmClient; cloud?: CloudEndpoints }> };
  deployStates: { set(target: ContainerGroupTarget, state: { state: string; at: number }): Promise<void> };
  explorer?: { refresh(node?: unknown): void; entries?(): unknown[] };
  secrets: SecretStore;
  diagnostics: DeployDiagnostics;
  /** The editor's checks of a definition (they also show in the Problems view). */
  validate(doc: vscode.TextDocument): Promise<Finding[]>;
  logger: DeployLogger;
}

/** Elapsed time for the log (English). */
function seconds(ms: number): string {
  return ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Elapsed time for the progress notification (localized). */
function elapsedText(ms: number): string {
  return ms < 60_000
    ? vscode.l10n.t('{0} s', Math.round(ms / 1000))
    : vscode.l10n.t('{0} min {1} s', Math.floor(ms / 60_000), Math.round((ms % 60_000) / 1000));
}

class Run {
  secrets: string[] = [];
  readonly notifications: string[] = [];
  constructor(private readonly ctx: DeployContext) {}

  redact(text: string): string {
    return redactText(text, this.secrets);
  }
  log(level: keyof DeployLogger, message: string): void {
    this.ctx.logger[level](this.redact(message));
  }
  /** Shows a notification without waiting for it to close; actions run when picked. */
  notify(kind: 'info' | 'error', message: string, actions: Record<string, () => unknown> = {}): void {
    const text = this.redact(message);
    this.notifications.push(text);
    void ui().message(kind, text, ...Object.keys(actions)).then((picked) => (picked ? actions[picked]?.() : undefined));
  }
  async ask(message: string, detail: string, action: string): Promise<boolean> {
    const text = this.redact(message);
    this.notifications.push(text);
    return (await ui().message('warning', text, { modal: true, detail: this.redact(detail) }, action)) === action;
  }
}

export async function runDeploy(ctx: DeployContext, arg: unknown): Promise<DeployCommandResult> {
  const run = new Run(ctx);
  const done = (outcome: DeployOutcome, extra: Partial<DeployCommandResult> = {}): DeployCommandResult => ({ outcome, notifications: run.notifications, ...extra });

  if (!vscode.workspace.isTrusted) {
    // The settings that decide where a token goes are not honoured here, so nothing is sent.
    run.notify('error', vscode.l10n.t('Deploy is disabled in an untrusted workspace. Trust the workspace to deploy.'));
    return done('invalid');
  }
  let resolved;
  try {
    resolved = await pickTarget(arg);
  } catch (err) {
    run.notify('error', (err as Error).message);
    return done('invalid');
  }
  if (!resolved) return done('dismissed');
  const { target, uri } = resolved;
  const problems = checkTarget(target);
  if (problems.length) {
    const p = problems[0];
    run.log('warn', `Not deployed: setting ${p.field} '${p.value}': ${p.message}`);
    run.notify('error', vscode.l10n.t('{0} was not deployed: the setting {1} is "{2}". {3}', target.name, p.field, p.value, p.message), {
      [vscode.l10n.t('Open Setting')]: () => revealTargetSetting(p.value),
    });
    return done('invalid', { target });
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  const text = doc.getText();
  // Failure positions are computed in this text; if the editor changes it meanwhile they are re-located.
  const version = doc.version;
  // Secrets written literally are redacted from the first line on: findings may quote the values they flag.
  run.secrets = secretLiteralsInText(text, doc.fileName);
  const where = `${target.name} (${target.resourceGroup})`;
  run.log('info', `Deploy ${where} from ${vscode.workspace.asRelativePath(uri)}${doc.isDirty ? ' (unsaved editor content)' : ''}`);

  // The editor's own rules first: errors stop here, warnings are the user's call.
  const findings = await ctx.validate(doc);
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  if (errors.length) {
    const first = errors[0];
    const line = doc.positionAt(first.range.start).line + 1;
    run.log('warn', `Not deployed: ${errors.length} error(s) in the definition; first on line ${line}: ${first.message}`);
    run.notify(
      'error',
      errors.length > 1
        ? vscode.l10n.t('{0} was not deployed: the definition has {1} errors (line {2}: {3})', target.name, errors.length, line, first.message)
        : vscode.l10n.t('{0} was not deployed: the definition has {1} error (line {2}: {3})', target.name, errors.length, line, first.message),
    );
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    return done('invalid', { target });
  }
  const stored = new Set(ctx.secrets.names());
  const missing = [...new Set(findSecretReferences(text).filter((r) => r.valid && !stored.has(r.name)).map((r) => r.name))];
  if (missing.length) {
    run.log('warn', `Not deployed: no stored secret named ${missing.join(', ')}`);
    run.notify('error', vscode.l10n.t('{0} was not deployed: no secret named {1} is stored.', target.name, missing.join(', ')), {
      [vscode.l10n.t('Set Secret…')]: () => vscode.commands.executeCommand('aciDataShare.setSecret', missing[0]),
    });
    return done('invalid', { target });
  }
  if (warnings.length) {
    const detail = warnings
      .slice(0, 8)
      .map((w) => vscode.l10n.t('Line {0}: {1}', doc.positionAt(w.range.start).line + 1, w.message))
      .join('\n');
    const question =
      warnings.length > 1
        ? vscode.l10n.t('The definition of {0} has {1} warnings.', target.name, warnings.length)
        : vscode.l10n.t('The definition of {0} has {1} warning.', target.name, warnings.length);
    if (!(await run.ask(question, detail, vscode.l10n.t('Deploy Anyway')))) {
      return done('dismissed', { target });
    }
  }

  let prepared;
  try {
    prepared = await prepareDeploy(text, doc.fileName, target, (name) => ctx.secrets.get(name));
  } catch (err) {
    if (!(err instanceof DeployInputError)) throw err;
    run.log('warn', `Not deployed: ${err.message}`);
    run.notify('error', vscode.l10n.t('{0} was not deployed: {1}', target.name, err.message));
    return done('invalid', { target });
  }
  run.secrets = [...new Set([...run.secrets, ...prepared.secretValues])];
  for (const note of prepared.notes) run.log('info', note);

  const ref = { subscriptionId: target.subscriptionId, resourceGroup: target.resourceGroup, name: target.name };
  let client: ArmClient;
  let cloud: CloudEndpoints | undefined;
  let existing;
  try {
    ({ client, cloud } = await ctx.session.connection());
    existing = await readExistingGroup(client, ref);
  } catch (err) {
    return fail(run, ctx, target, { doc, text, version }, prepared.prefix, err, done);
  }

  const changes = existing ? describeChanges(existing, prepared.body) : undefined;
  if (changes) run.log('info', `Changes: ${changes.length ? changes.join('; ') : 'none'}`);
  const secretsSent = describeSecretUses(prepared.secretUses);
  if (secretsSent.length) run.log('info', `Stored secrets sent: ${secretsSent.join('; ')}`);
  const detail = [
    ...describeDestination(target, cloud),
    '',
    ...(changes
      ? changes.length
        ? [vscode.l10n.t('Changes (+ added, - removed, ~ changed):'), ...capLines(changes, 25)]
        : [vscode.l10n.t('No changes found; the group is deployed again as defined (containers may restart).')]
      : [vscode.l10n.t('It does not exist yet.')]),
    ...(secretsSent.length ? ['', vscode.l10n.t('Stored secrets sent (name → field):'), ...secretsSent] : []),
  ].join('\n');
  const ok = existing
    ? await run.ask(vscode.l10n.t('Update the container group {0} in {1}?', target.name, target.resourceGroup), detail, vscode.l10n.t('Update'))
    : await run.ask(
        vscode.l10n.t('Create the container group {0} in {1} ({2})?', target.name, target.resourceGroup, prepared.body.location),
        detail,
        vscode.l10n.t('Create'),
      );
  if (!ok) return done('dismissed', { target, changes });

  const abort = new AbortController();
  try {
    const result = await ui().progress(
      {
        location: vscode.ProgressLocation.Notification,
        title: existing ? vscode.l10n.t('Updating {0}', target.name) : vscode.l10n.t('Creating {0}', target.name),
        cancellable: true,
      },
      async (progress, token) => {
        const cancel = token.onCancellationRequested(() => abort.abort());
        const started = Date.now();
        let status = vscode.l10n.t('Sending');
        const show = () => progress.report({ message: `${status} · ${elapsedText(Date.now() - started)}` });
        const ticker = setInterval(show, 1000);
        show();
        try {
          return await deployBody(client, ref, prepared.body, {
            signal: abort.signal,
            onProgress: (p) => {
              if (p.status !== status) run.log('info', `${target.name}: ${p.status} after ${seconds(p.elapsedMs)} (${p.polls} polls)`);
              status = p.status;
              show();
            },
          });
        } finally {
          clearInterval(ticker);
          cancel.dispose();
        }
      },
    );
    return succeed(run, ctx, target, uri, result.group, { created: !existing, changes, polls: result.polls }, done);
  } catch (err) {
    return fail(run, ctx, target, { doc, text, version }, prepared.prefix, err, done);
  }
}

async function markState(ctx: DeployContext, target: ContainerGroupTarget, state: string): Promise<void> {
  await ctx.deployStates.set(target, { state, at: Date.now() });
  const key = containerGroupKey(target);
  const node = ctx.explorer?.entries?.().find((n) => {
    const t = targetOfNode(n);
    return t !== undefined && containerGroupKey(t) === key;
  });
  ctx.explorer?.refresh(node);
}

async function succeed(
  run: Run,
  ctx: DeployContext,
  target: ContainerGroupTarget,
  uri: vscode.Uri,
  group: DeployedGroup,
  extra: Partial<DeployCommandResult>,
  done: (o: DeployOutcome, e?: Partial<DeployCommandResult>) => DeployCommandResult,
): Promise<DeployCommandResult> {
  ctx.diagnostics.clear(uri);
  const state = group.provisioningState ?? 'Succeeded';
  const address = [group.ip && `IP ${group.ip}`, group.fqdn].filter(Boolean).join(' · ');
  run.log('info', `${target.name}: ${state}${address ? ` · ${address}` : ''}${group.ports.length ? ` · ports ${group.ports.join(', ')}` : ''}`);
  for (const line of describeInstanceView(group)) run.log('info', line);
  await markState(ctx, target, state);
  const actions: Record<string, () => unknown> = {};
  if (group.ip) actions[vscode.l10n.t('Copy IP')] = () => vscode.env.clipboard.writeText(group.ip!);
  if (group.fqdn && group.ipType?.toLowerCase() !== 'private') {
    actions[vscode.l10n.t('Open in Browser')] = () => vscode.env.openExternal(vscode.Uri.parse(`http://${group.fqdn}`));
  }
  const outcome = `${state}${address ? ` · ${address}` : ''}`;
  run.notify('info', extra.created ? vscode.l10n.t('{0} created: {1}.', target.name, outcome) : vscode.l10n.t('{0} updated: {1}.', target.name, outcome), actions);
  return done('succeeded', { target, group, ...extra });
}

async function fail(
  run: Run,
  ctx: DeployContext,
  target: ContainerGroupTarget,
  source: { doc: vscode.TextDocument; text: string; version: number },
  prefix: (string | number)[],
  err: unknown,
  done: (o: DeployOutcome, e?: Partial<DeployCommandResult>) => DeployCommandResult,
): Promise<DeployCommandResult> {
  if (!(err instanceof ArmError)) {
    run.log('error', `${target.name}: deploy failed: ${(err as Error)?.message ?? String(err)}`);
    run.notify('error', vscode.l10n.t('Deploy of {0} failed: {1}', target.name, (err as Error)?.message ?? String(err)));
    return done('failed', { target });
  }
  if (err.kind === 'canceled') {
    run.log('warn', `${target.name}: stopped waiting for the deployment; it may continue in Azure.`);
    run.notify('info', vscode.l10n.t('Stopped waiting for {0}. The deployment may continue in Azure; refresh later to see its state.', target.name));
    return done('canceled', { target });
  }
  run.log('error', `${target.name}: ${err.message}${err.requestId ? ` (x-ms-request-id ${err.requestId})` : ''}`);
  const logDetails = (details: typeof err.details, depth: number): void => {
    for (const d of details ?? []) {
      run.log('error', `${'  '.repeat(depth)}${d.code ?? 'Error'}${d.target ? ` at ${d.target}` : ''}: ${d.message ?? ''}`);
      logDetails(d.details, depth + 1);
    }
  };
  logDetails(err.details, 1);
  const { doc, version } = source;
  const uri = doc.uri;
  // Offsets from the deployed text would land on wrong lines of an edited document: use its current text.
  const edited = doc.version !== version;
  const locations = locateErrorTargets(edited ? doc.getText() : source.text, uri.path, err, prefix);
  if (edited && locations.length) run.log('info', `${target.name}: the definition was edited during the deploy; the problems are placed in its current text.`);
  const placedIn = doc.version;
  const count = locations.length ? await ctx.diagnostics.show(uri, locations, (t) => run.redact(t), placedIn) : 0;
  if (locations.length && count === 0) run.log('info', `${target.name}: the definition changed again; no problems were placed in it (see the lines above).`);
  if (err.kind === 'lro' || err.kind === 'http') await markState(ctx, target, 'Failed');
  const open = async () => {
    const editor = await vscode.window.showTextDocument(uri);
    if (locations[0] && editor.document.version === placedIn) {
      const doc = editor.document;
      const range = new vscode.Range(doc.positionAt(locations[0].range.start), doc.positionAt(locations[0].range.end));
      editor.selection = new vscode.Selection(range.start, range.end);
      editor.revealRange(range);
    }
  };
  const showOutput = () => vscode.commands.executeCommand('aciDataShare.showOutput');
  const actions: Record<string, () => unknown> = count
    ? { [vscode.l10n.t('Show Problem')]: open, [vscode.l10n.t('Show Output')]: showOutput }
    : { [vscode.l10n.t('Show Output')]: showOutput };
  run.notify('error', vscode.l10n.t('Deploy of {0} failed: {1}', target.name, err.message), actions);
  return done('failed', { target, errorCode: err.code, errorTarget: err.target, diagnostics: count });
}
