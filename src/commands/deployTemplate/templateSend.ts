/**
 * The deployment's PUT, followed to its end under a progress notification that shows its operations
 * ("containerGroups/web: Running"). Cancel stops the waiting, then asks whether to cancel the deployment in Azure.
 */
import * as vscode from 'vscode';
import { ArmError, errorMessage } from '../../core/arm/errors';
import { isWaitCanceled } from '../../core/arm/lroOutcome';
import { cancelDeployment, getDeployment, listDeploymentOperations, putDeployment } from '../../core/templateDeploy/deployments';
import { describeState, operationStates, progressText } from '../../core/templateDeploy/operations';
import type { DeployCommandResult } from '../deploy/deployRun';
import { durationText, throttleLogLine, throttleText } from '../shared/waitText';
import type { ThrottleWait } from '../../core/arm/retryPolicy';
import { templateFailed, templateSucceeded } from './templateOutcome';
import type { TemplateRun } from './templateRun';

/** Reads the operations at most this often while the deployment runs. */
const OPERATIONS_EVERY_MS = 1500;

export async function sendDeployment(run: TemplateRun): Promise<DeployCommandResult> {
  const { deploy } = run;
  const abort = new AbortController();
  const seen = new Map<string, string>();
  try {
    const result = await deploy.ctx.ui.progress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Deploying {0}', run.ref.deploymentName), cancellable: true },
      async (progress, token) => {
        const cancel = token.onCancellationRequested(() => abort.abort());
        const started = Date.now();
        let status = vscode.l10n.t('Sending');
        let operations = '';
        let throttled: ThrottleWait | undefined;
        let reading: Promise<void> | undefined;
        let lastRead = 0;
        const show = () => progress.report({ message: throttleText(throttled) ?? `${operations || status} · ${durationText(Date.now() - started)}` });
        const readOperations = () => {
          if (reading || Date.now() - lastRead < OPERATIONS_EVERY_MS) return;
          lastRead = Date.now();
          reading = listDeploymentOperations(deploy.client, run.ref, abort.signal)
            .then((ops) => {
              const states = operationStates(ops);
              for (const s of states) {
                const line = describeState(s);
                if (seen.get(`${s.resourceType}/${s.resourceName}`) !== s.state) deploy.log('info', `${run.ref.deploymentName}: ${line}`);
                seen.set(`${s.resourceType}/${s.resourceName}`, s.state);
                if (!run.progress.includes(line)) run.progress.push(line);
              }
              operations = progressText(states);
              show();
            })
            .catch((err) => deploy.log('warn', `${run.ref.deploymentName}: its operations could not be read: ${errorMessage(err)}`))
            .finally(() => (reading = undefined));
        };
        const ticker = setInterval(show, 1000);
        show();
        try {
          const done = await putDeployment(deploy.client, run.ref, run.body, {
            signal: abort.signal,
            onProgress: (p) => {
              if (p.status !== status) deploy.log('info', `${run.ref.deploymentName}: ${p.status} after ${durationText(p.elapsedMs)} (${p.polls} polls)`);
              status = p.status;
              readOperations();
              show();
            },
            onThrottle: (wait) => {
              deploy.log('warn', throttleLogLine(run.ref.deploymentName, wait));
              throttled = wait;
              show();
            },
          });
          await reading;
          return done;
        } finally {
          clearInterval(ticker);
          cancel.dispose();
        }
      },
    );
    const outcome = await templateSucceeded(run, result.resource);
    // Ticks the walkthrough's template step.
    void vscode.commands.executeCommand('setContext', 'aciDataShare.templateDeployed', true);
    return outcome;
  } catch (err) {
    if (err instanceof ArmError && err.kind === 'canceled' && isWaitCanceled(err)) return cancelAfterAsking(run);
    return templateFailed(run, err, 'deploy');
  }
}

/** The user stopped the wait: cancel the deployment in Azure only after a yes; otherwise it goes on. */
async function cancelAfterAsking(run: TemplateRun): Promise<DeployCommandResult> {
  const { deploy } = run;
  const name = run.ref.deploymentName;
  const ok = await deploy.ask(
    vscode.l10n.t('Cancel the deployment {0} in Azure?', name),
    vscode.l10n.t('Resources it has already created or changed stay as they are now; the rest of the template is not deployed.'),
    vscode.l10n.t('Cancel Deployment'),
    vscode.l10n.t('Keep Running'),
  );
  if (!ok) {
    deploy.log('warn', `${name}: stopped waiting; the deployment goes on in Azure.`);
    deploy.publishState('Unknown');
    deploy.notify('info', vscode.l10n.t('Stopped waiting for {0}. The deployment goes on in Azure; refresh later to see what it created.', name));
    return deploy.done('canceled', { deployment: run.facts() });
  }
  try {
    await cancelDeployment(deploy.client, run.ref);
    run.state = (await getDeployment(deploy.client, run.ref)).properties?.provisioningState;
  } catch (err) {
    deploy.log('error', `${name}: could not be canceled: ${errorMessage(err)}`);
    deploy.notify('error', vscode.l10n.t('The deployment {0} could not be canceled: {1}', name, errorMessage(err)));
    return deploy.done('canceled', { deployment: run.facts() });
  }
  deploy.log('warn', `${name}: canceled in Azure (state ${run.state ?? 'unknown'}).`);
  deploy.publishState('Canceled');
  // Azure's state is said only when it adds something: "canceled (Canceled)" says the same thing twice.
  const ended = run.state?.toLowerCase() === 'canceled';
  deploy.notify('info', ended ? vscode.l10n.t('The deployment {0} was canceled.', name) : vscode.l10n.t('The deployment {0} was asked to cancel; Azure reports it {1}.', name, run.state ?? vscode.l10n.t('state unknown')));
  return deploy.done('canceled', { deployment: run.facts() });
}
