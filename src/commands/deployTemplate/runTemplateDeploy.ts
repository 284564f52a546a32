/**
 * Deploy of an ARM template that Azure evaluates (expressions, parameters, several resources): parameters (file,
 * stored secrets, answers) → what-if → the user's yes with every change → PUT of the deployment followed to its
 * end with its operations as progress, Cancel asking before it cancels in Azure → outputs and created groups, or
 * the errors placed in the template and the parameter file. Entered from Deploy once the definition's checks passed.
 */
import * as vscode from 'vscode';
import { capLines, describeDestination } from '../../core/deploy/confirmation';
import { deploymentNameFor, whatIfDeployment, type DeploymentRef } from '../../core/templateDeploy/deployments';
import { declaredParameters, fillSecrets } from '../../core/templateDeploy/parameters';
import { findSecretReferences } from '../../core/definition/secrets';
import { deploymentBody, readTemplate, sentText } from '../../core/templateDeploy/templateRequest';
import { secretFieldParameters } from '../../core/templateDeploy/parameterDisplay';
import { summarizeWhatIf, whatIfError } from '../../core/templateDeploy/whatIfChanges';
import { ArmError } from '../../core/arm/errors';
import type { DeployCommandResult } from '../deploy/deployRun';
import { DeployRun } from '../deploy/deployRun';
import { chooseParameters } from './templateParameters';
import { TemplateRun } from './templateRun';
import { templateFailed } from './templateOutcome';
import { sendDeployment } from './templateSend';

type Step = (run: TemplateRun) => Promise<DeployCommandResult | undefined>;

export async function runTemplateDeploy(deploy: DeployRun): Promise<DeployCommandResult> {
  const run = new TemplateRun(deploy);
  for (const step of [readParameters, whatIf, confirm, sendDeployment]) {
    const ended = await step(run);
    if (ended) return ended;
  }
  throw new Error('the template deploy steps ended without a result');
}

const readParameters: Step = async (run) => {
  const { deploy } = run;
  run.template = readTemplate(deploy.source.text);
  if (run.template === undefined) {
    deploy.notify('error', vscode.l10n.t('{0} was not deployed: the template is not valid JSON.', vscode.workspace.asRelativePath(deploy.uri)));
    return deploy.done('invalid');
  }
  // Read before the template's own placeholders are filled: a default that held one shows nothing of the secret.
  const declared = declaredParameters(run.template);
  const secretFields = secretFieldParameters(run.template);
  // `{{secret:NAME}}` written in the template itself (checked as stored before this step) is filled in too.
  const names = [...new Set(findSecretReferences(deploy.source.text).filter((r) => r.valid).map((r) => r.name))];
  const stored = new Map<string, string>();
  for (const name of names) {
    const value = await deploy.ctx.secrets.get(name);
    if (value !== undefined) stored.set(name, value);
  }
  if (stored.size) {
    deploy.secrets.push(...stored.values());
    run.template = fillSecrets(run.template, (n) => stored.get(n), 'object');
  }
  const outcome = await chooseParameters(deploy, declared, secretFields);
  if (!outcome.ok) {
    if (outcome.reason === 'dismissed') return deploy.done('dismissed');
    const what = vscode.workspace.asRelativePath(outcome.file ?? deploy.uri);
    if (outcome.missingSecrets?.length) {
      deploy.log('warn', `Not deployed: no stored secret named ${outcome.missingSecrets.join(', ')} (used in ${what})`);
      deploy.notify('error', vscode.l10n.t('{0} was not deployed: no secret named {1} is stored.', what, outcome.missingSecrets.join(', ')), {
        [vscode.l10n.t('Set Secret…')]: () => vscode.commands.executeCommand('aciDataShare.setSecret', outcome.missingSecrets![0], deploy.uri),
      });
      return deploy.done('invalid');
    }
    deploy.log('warn', `Not deployed: ${outcome.message}`);
    deploy.notify('error', vscode.l10n.t('{0} was not deployed: {1}', vscode.workspace.asRelativePath(deploy.uri), outcome.message ?? ''));
    return deploy.done('invalid');
  }
  run.parameters = outcome.chosen;
  run.body = deploymentBody(run.template, outcome.chosen.entries);
  run.sent = sentText(run.body);
  if (outcome.chosen.file) deploy.log('info', `Parameters from ${vscode.workspace.asRelativePath(outcome.chosen.file.uri)}`);
  for (const line of outcome.chosen.lines) deploy.log('info', `  ${line}`);
  return undefined;
};

/** What Azure would change, asked before the user says yes; its errors are the deployment's errors. */
const whatIf: Step = async (run) => {
  const { deploy } = run;
  try {
    ({ client: deploy.client, cloud: deploy.cloud } = await deploy.ctx.session.connection());
    run.ref = { subscriptionId: deploy.target.subscriptionId, resourceGroup: deploy.target.resourceGroup, deploymentName: deploymentNameFor(deploy.uri.path, new Date()) } satisfies DeploymentRef;
    const abort = new AbortController();
    const result = await deploy.ctx.ui.progress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('What would {0} change?', vscode.workspace.asRelativePath(deploy.uri)), cancellable: true },
      async (_progress, token) => {
        const cancel = token.onCancellationRequested(() => abort.abort());
        try {
          return await whatIfDeployment(deploy.client, run.ref, run.body, { signal: abort.signal });
        } finally {
          cancel.dispose();
        }
      },
    );
    const failed = whatIfError(result);
    if (failed) throw new ArmError(`${failed.code ?? 'WhatIfFailed'}: ${failed.message ?? ''}`, { kind: 'lro', code: failed.code, serviceMessage: failed.message });
    run.whatIf = summarizeWhatIf(result, deploy.secrets);
  } catch (err) {
    if (err instanceof ArmError && err.kind === 'canceled') return deploy.done('dismissed');
    return templateFailed(run, err, 'whatIf');
  }
  deploy.log('info', `What-if for ${run.ref.deploymentName}: ${run.whatIf.headline}`);
  for (const line of run.whatIf.lines) deploy.log('info', `  ${line}`);
  return undefined;
};

const confirm: Step = async (run) => {
  const { deploy, whatIf: changes, parameters } = run;
  const file = vscode.workspace.asRelativePath(deploy.uri);
  const detail = [
    ...describeDestination(deploy.target, deploy.cloud),
    vscode.l10n.t('Deployment: {0} (Incremental: resources not in the template are left as they are)', run.ref.deploymentName),
    ...(parameters.file ? [vscode.l10n.t('Parameter file: {0}', vscode.workspace.asRelativePath(parameters.file.uri))] : []),
    ...(parameters.lines.length ? ['', vscode.l10n.t('Parameters:'), ...capLines(parameters.lines, 12)] : []),
    '',
    vscode.l10n.t('What-if: {0} (+ create, - delete, ~ modify, = no change, * ignore):', changes.headline),
    ...capLines(changes.lines, 30),
  ].join('\n');
  const ok = await deploy.ask(vscode.l10n.t('Deploy the template {0} to {1}?', file, deploy.target.resourceGroup), detail, vscode.l10n.t('Deploy'));
  return ok ? undefined : deploy.done('dismissed', { deployment: run.facts() });
};
