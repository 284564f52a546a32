/**
 * The Deploy command as a sequence of steps over one run: target → the definition's checks → request body with
 * secrets → the group as it is → the user's yes (create, or update with every changed path) → PUT with a
 * cancellable progress notification → result, or failure placed on its property. A step returns the command's
 * result to end the run, or nothing to go on.
 */
import * as vscode from 'vscode';
import { capLines, describeDestination, describeSecretUses } from '../../core/deploy/confirmation';
import { deployBody, prepareDeploy, readExistingGroup } from '../../core/deploy/deployContainerGroup';
import { describeChanges } from '../../core/deploy/diff';
import { findUnfilledPlaceholder } from '../../core/deploy/placeholderCheck';
import { DeployInputError } from '../../core/deploy/requestBody';
import { secretLiteralsInText } from '../../core/deploy/secretLiterals';
import { findSecretReferences } from '../../core/definition/secrets';
import { checkTarget } from '../../core/settings/targetCheck';
import { liveReadOf } from '../../core/deploy/liveFetch';
import { readDefinitionText } from '../../core/containerGroup/readDefinition';
import { deployFailed, deploySucceeded } from './deployOutcome';
import { DeployRun, otherCollection, type DeployCommandResult, type DeployContext } from './deployRun';
import { CONTAINER_GROUP } from '../../core/schema/resourceKinds';
import { pickTarget, unconfiguredDefinition } from './pickTarget';
import { definitionSetting, readDefinitionFile } from '../../tree/definitionFiles';
import { revealTargetSetting } from './revealSetting';
import { durationText, throttleLogLine, throttleText } from '../shared/waitText';
import type { ThrottleWait } from '../../core/arm/retryPolicy';
import type { Finding } from '../../core/definition/types';
import { errorMessage } from '../../core/arm/errors';
import { deploysAsTemplate, readTemplate } from '../../core/templateDeploy/templateRequest';
import { runTemplateDeploy } from '../deployTemplate/runTemplateDeploy';
import { checkCapacity, groupNeeds, readRegionFacts } from '../../core/deploy/capacity';

type Step = (run: DeployRun, arg: unknown) => Promise<DeployCommandResult | undefined>;

export async function runDeploy(ctx: DeployContext, arg: unknown): Promise<DeployCommandResult> {
  const run = new DeployRun(ctx);
  for (const step of [chooseTarget, readDefinition, checkDefinition, deployAsTemplate, prepareRequest, readCurrentGroup, checkRegion, confirm, send]) {
    const ended = await step(run, arg);
    if (ended) return ended;
  }
  throw new Error('the deploy steps ended without a result');
}

const chooseTarget: Step = async (run, arg) => {
  if (!vscode.workspace.isTrusted) {
    // The settings that decide where a token goes are not honoured here, so nothing is sent.
    run.notify('error', vscode.l10n.t('Deploy is disabled in an untrusted workspace. Trust the workspace to deploy.'));
    return run.done('invalid');
  }
  // A file not in the view would be asked four target questions: a secret it names that is not stored stops it first.
  const unconfigured = unconfiguredDefinition(arg);
  const text = unconfigured && (await textWithinLimits(unconfigured));
  const missing = text ? missingSecrets(run, text) : [];
  if (unconfigured && missing.length) return refuseMissingSecrets(run, vscode.workspace.asRelativePath(unconfigured), missing, unconfigured);
  // Nor is it asked where to go (or offered a place in the settings) when its own errors would stop it anyway.
  if (unconfigured && text !== undefined) {
    const doc = await vscode.workspace.openTextDocument(unconfigured);
    const refused = await refuseErrors(run, vscode.workspace.asRelativePath(unconfigured), doc, await run.ctx.validate(doc));
    if (refused) return refused;
  }
  let resolved;
  try {
    resolved = await pickTarget({ ui: run.ctx.ui, log: run.ctx.log, session: run.ctx.session, lists: run.ctx.lists }, arg);
  } catch (err) {
    run.notify('error', errorMessage(err));
    return run.done('invalid');
  }
  if (!resolved) return run.done('dismissed');
  ({ target: run.target, uri: run.uri } = resolved);
  return undefined;
};

const readDefinition: Step = async (run) => {
  const doc = await vscode.workspace.openTextDocument(run.uri);
  // The name is checked by the rule of the resource type the definition describes (a profile's differs).
  const read = readDefinitionText(doc.getText(), doc.fileName);
  const problem = checkTarget(run.target, read.ok ? liveReadOf(read.value, run.target).collection : undefined)[0];
  if (problem) {
    run.log('warn', `Not deployed: setting ${problem.field} '${problem.value}': ${problem.message}`);
    run.notify('error', vscode.l10n.t('{0} was not deployed: the setting {1} is "{2}". {3}', run.target.name, problem.field, problem.value, problem.message), {
      [vscode.l10n.t('Open Setting')]: () => revealTargetSetting(problem.value),
    });
    return run.done('invalid');
  }
  // Failure positions are computed in this text; if the editor changes it meanwhile they are re-located.
  run.source = { doc, text: doc.getText(), version: doc.version };
  // Secrets written literally are redacted from the first line on: findings may quote the values they flag.
  run.secrets = secretLiteralsInText(run.source.text, doc.fileName);
  run.log('info', `Deploy ${run.target.name} (${run.target.resourceGroup}) from ${vscode.workspace.asRelativePath(run.uri)}${doc.isDirty ? ' (unsaved editor content)' : ''}`);
  return undefined;
};

/** The editor's own rules first: errors stop here, a missing stored secret too; warnings are the user's call. */
const checkDefinition: Step = async (run) => {
  const { doc, text } = run.source;
  const name = run.target.name;
  const findings = await run.ctx.validate(doc);
  const warnings = findings.filter((f) => f.severity === 'warning');
  const lineOf = (offset: number) => doc.positionAt(offset).line + 1;
  const refused = await refuseErrors(run, name, doc, findings);
  if (refused) return refused;
  // Sent as written it would reach Azure as text: refused whatever the user would answer to warnings.
  const placeholder = findUnfilledPlaceholder(text, doc.fileName);
  if (placeholder) {
    run.log('warn', `Not deployed: line ${placeholder.line} holds a placeholder from an example (${placeholder.shown}) in ${placeholder.field}`);
    run.notify('error', vscode.l10n.t('{0} was not deployed: line {1} holds a placeholder from an example ({2}) in {3}; replace it with the real value.', name, placeholder.line, placeholder.shown, placeholder.field), {
      [vscode.l10n.t('Go to Line')]: () =>
        vscode.window.showTextDocument(doc, { selection: new vscode.Range(doc.positionAt(placeholder.range.start), doc.positionAt(placeholder.range.end)) }),
    });
    return run.done('invalid');
  }
  const missing = missingSecrets(run, text);
  if (missing.length) return refuseMissingSecrets(run, name, missing, doc.uri);
  if (!warnings.length) return undefined;
  const detail = warnings
    .slice(0, 8)
    .map((w) => vscode.l10n.t('Line {0}: {1}', lineOf(w.range.start), w.message))
    .join('\n');
  const question =
    warnings.length > 1
      ? vscode.l10n.t('The definition of {0} has {1} warnings.', name, warnings.length)
      : vscode.l10n.t('The definition of {0} has {1} warning.', name, warnings.length);
  return (await run.ask(question, detail, vscode.l10n.t('Deploy Anyway'))) ? undefined : run.done('dismissed');
};

/** Errors in the definition stop the deploy: the first one named with its line, the Problems view opened. */
async function refuseErrors(run: DeployRun, name: string, doc: vscode.TextDocument, findings: readonly Finding[]): Promise<DeployCommandResult | undefined> {
  const errors = findings.filter((f) => f.severity === 'error');
  if (!errors.length) return undefined;
  const first = errors[0];
  const line = doc.positionAt(first.range.start).line + 1;
  run.log('warn', `Not deployed: ${errors.length} error(s) in the definition; first on line ${line}: ${first.message}`);
  run.notify(
    'error',
    errors.length > 1
      ? vscode.l10n.t('{0} was not deployed: the definition has {1} errors (line {2}: {3})', name, errors.length, line, first.message)
      : vscode.l10n.t('{0} was not deployed: the definition has {1} error (line {2}: {3})', name, errors.length, line, first.message),
  );
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  return run.done('invalid');
}

/**
 * The text of a definition in the workspace that passes the view's file checks (regular file, size), as the editor
 * holds it; undefined otherwise, and the steps after say why.
 */
async function textWithinLimits(uri: vscode.Uri): Promise<string | undefined> {
  if (definitionSetting(uri) === undefined) return undefined;
  const file = await readDefinitionFile(uri);
  if (!file.ok) return undefined;
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.getText() ?? file.text;
}

/** Names of `{{secret:NAME}}` references in `text` whose secret is not stored, each once. */
function missingSecrets(run: DeployRun, text: string): string[] {
  const stored = new Set(run.ctx.secrets.names());
  return [...new Set(findSecretReferences(text).filter((r) => r.valid && !stored.has(r.name)).map((r) => r.name))];
}

/** Refuses to deploy and offers Set Secret… for the first missing one, which then offers to deploy `uri` again. */
function refuseMissingSecrets(run: DeployRun, what: string, missing: string[], uri: vscode.Uri): DeployCommandResult {
  run.log('warn', `Not deployed: no stored secret named ${missing.join(', ')}`);
  run.notify('error', vscode.l10n.t('{0} was not deployed: no secret named {1} is stored.', what, missing.join(', ')), {
    [vscode.l10n.t('Set Secret…')]: () => vscode.commands.executeCommand('aciDataShare.setSecret', missing[0], uri),
  });
  return run.done('invalid');
}

/** A template Azure has to evaluate (expressions, parameters, other resources) deploys as a whole. */
const deployAsTemplate: Step = async (run) => (deploysAsTemplate(readTemplate(run.source.text)) ? runTemplateDeploy(run) : undefined);

const prepareRequest: Step = async (run) => {
  try {
    run.prepared = await prepareDeploy(run.source.text, run.source.doc.fileName, run.target, (name) => run.ctx.secrets.get(name));
  } catch (err) {
    if (!(err instanceof DeployInputError)) throw err;
    run.log('warn', `Not deployed: ${err.message}`);
    run.notify('error', vscode.l10n.t('{0} was not deployed: {1}', run.target.name, err.message));
    return run.done('invalid');
  }
  run.secrets = [...new Set([...run.secrets, ...run.prepared.secretValues])];
  for (const note of run.prepared.notes) run.log('info', note);
  return undefined;
};

const readCurrentGroup: Step = async (run) => {
  try {
    ({ client: run.client, cloud: run.cloud } = await run.ctx.session.connection());
    run.existing = await readExistingGroup(run.client, run.ref, undefined, run.prepared.apiVersion, otherCollection(run));
  } catch (err) {
    return deployFailed(run, err);
  }
  run.changes = run.existing ? describeChanges(run.existing, run.prepared.body) : undefined;
  if (run.changes) run.log('info', `Changes: ${run.changes.length ? run.changes.join('; ') : 'none'}`);
  return undefined;
};

/**
 * The region's limits, the subscription's quota there and its cached images against what the group asks: lines for
 * the confirmation, or a refusal with the numbers. A read that fails says "not checked" and does not stop the deploy.
 */
const checkRegion: Step = async (run) => {
  const needs = groupNeeds(run.prepared.body);
  const location = String(run.prepared.body.location ?? '').toLowerCase().replace(/\s+/g, '');
  const facts = await readRegionFacts(run.client, run.target.subscriptionId, location, run.prepared.apiVersion);
  const check = checkCapacity(facts, needs, run.existing ? groupNeeds(run.existing).cpu : 0);
  run.capacity = check.lines;
  for (const line of check.lines) run.log('info', line);
  if (!check.refusal) return undefined;
  run.log('warn', `Not deployed: ${check.refusal}`);
  run.notify('error', vscode.l10n.t('{0} was not deployed: {1} {2}', run.target.name, check.refusal, check.lines.join(' ')));
  return run.done('invalid', { capacity: check.lines });
};

/** The user's yes, with where the group goes, every changed path and which stored secrets are sent. */
const confirm: Step = async (run) => {
  const { target, changes } = run;
  const secretsSent = describeSecretUses(run.prepared.secretUses);
  if (secretsSent.length) run.log('info', `Stored secrets sent: ${secretsSent.join('; ')}`);
  const detail = [
    ...describeDestination(target, run.cloud),
    vscode.l10n.t('api-version: {0}', run.prepared.apiVersion),
    ...locationLine(run),
    ...run.capacity,
    '',
    ...(changes
      ? changes.length
        ? [vscode.l10n.t('Changes (+ added, - removed, ~ changed):'), ...capLines(changes, 25)]
        : [vscode.l10n.t('No changes found; the group is deployed again as defined (containers may restart).')]
      : [vscode.l10n.t('It does not exist yet.')]),
    ...(secretsSent.length ? ['', vscode.l10n.t('Stored secrets sent (name → field):'), ...secretsSent] : []),
  ].join('\n');
  const kind = run.prepared.kind;
  const ok = kind !== CONTAINER_GROUP
    ? await run.ask(
        run.existing
          ? vscode.l10n.t('Update the {0} {1} in {2}?', kind.type, target.name, target.resourceGroup)
          : vscode.l10n.t('Create the {0} {1} in {2} ({3})?', kind.type, target.name, target.resourceGroup, run.prepared.body.location),
        detail,
        run.existing ? vscode.l10n.t('Update') : vscode.l10n.t('Create'),
      )
    : run.existing
    ? await run.ask(vscode.l10n.t('Update the container group {0} in {1}?', target.name, target.resourceGroup), detail, vscode.l10n.t('Update'))
    : await run.ask(
        vscode.l10n.t('Create the container group {0} in {1} ({2})?', target.name, target.resourceGroup, run.prepared.body.location),
        detail,
        vscode.l10n.t('Create'),
      );
  return ok ? undefined : run.done('dismissed', { changes, capacity: run.capacity });
};

/** When the definition and the setting disagree on the location: which one deploys, and why. */
function locationLine(run: DeployRun): string[] {
  const choice = run.prepared.conversion.locationChoice;
  if (!choice) return [];
  return [
    choice.from === 'file'
      ? vscode.l10n.t("Location: {0}, from the definition: in the az container create --file format the file's location is what deploys; the setting's location {1} is not used.", choice.used, choice.ignored)
      : vscode.l10n.t("Location: {0}, from the settings; the definition's location {1} is not used.", choice.used, choice.ignored),
  ];
}

/** Elapsed time for the log (English). */
function seconds(ms: number): string {
  return ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** The PUT and its long-running operation, under a progress notification whose Cancel stops the waiting. */
const send: Step = async (run) => {
  const name = run.target.name;
  const abort = new AbortController();
  try {
    const result = await run.ctx.ui.progress(
      { location: vscode.ProgressLocation.Notification, title: run.existing ? vscode.l10n.t('Updating {0}', name) : vscode.l10n.t('Creating {0}', name), cancellable: true },
      async (progress, token) => {
        const cancel = token.onCancellationRequested(() => abort.abort());
        const started = Date.now();
        let status = vscode.l10n.t('Sending');
        let throttled: ThrottleWait | undefined;
        // While Azure makes the deploy wait, the countdown to the time it named replaces the status; Cancel stops it.
        const show = () => progress.report({ message: throttleText(throttled) ?? `${status} · ${durationText(Date.now() - started)}` });
        const ticker = setInterval(show, 1000);
        show();
        try {
          return await deployBody(run.client, run.ref, run.prepared.body, {
            signal: abort.signal,
            apiVersion: run.prepared.apiVersion,
            collection: otherCollection(run),
            onProgress: (p) => {
              if (p.status !== status) run.log('info', `${name}: ${p.status} after ${seconds(p.elapsedMs)} (${p.polls} polls)`);
              status = p.status;
              show();
            },
            onThrottle: (wait) => {
              run.log('warn', throttleLogLine(name, wait));
              throttled = wait;
              show();
            },
          });
        } finally {
          clearInterval(ticker);
          cancel.dispose();
        }
      },
    );
    return deploySucceeded(run, result.group, { created: !run.existing, changes: run.changes, polls: result.polls });
  } catch (err) {
    return deployFailed(run, err);
  }
};
