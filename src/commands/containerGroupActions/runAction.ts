/**
 * Start, Stop, Restart and Delete of a configured container group: the group (its tree node, or a pick), the
 * user's yes naming it (a delete asks twice), the request under a progress notification whose Cancel stops the
 * waiting, then the result in the log and a notification, and the group's state published so its node refreshes.
 * A delete removes the group from Azure only: the definition file and the configured entry are never touched.
 */
import * as vscode from 'vscode';
import type { ArmClient } from '../../core/arm/client';
import { ArmError, errorMessage } from '../../core/arm/errors';
import { isStatusUnavailable } from '../../core/arm/lroOutcome';
import { describeDestination } from '../../core/deploy/confirmation';
import type { ThrottleWait } from '../../core/arm/retryPolicy';
import { throttleLogLine, throttleText } from '../shared/waitText';
import { runContainerGroupAction, stateAfter, type ActionResult, type ContainerGroupAction } from '../../core/containerGroup/actions';
import type { CloudEndpoints } from '../../core/settings/endpoints';
import type { ContainerGroupTarget } from '../../core/settings/model';
import { checkTarget } from '../../core/settings/targetCheck';
import { containerGroups } from '../../settings/configuration';
import type { Prompts } from '../shared/registerCommand';
import type { UserInput } from '../../ui/userInput';
import { pickConfigured, targetOfNode } from '../deploy/pickTarget';
import { containerRefOf } from '../../tree/containerRef';
import { actionTexts, deleteNameCheck, notDeployedText, type ActionTexts } from './actionTexts';

/**
 * `unknown`: the request went out but its outcome could not be read. `accepted`: Azure took it (202) without a
 * status URL, so it may still be under way.
 */
export type ActionOutcome = 'succeeded' | 'accepted' | 'notDeployed' | 'failed' | 'unknown' | 'canceled' | 'invalid' | 'dismissed';

export interface ActionCommandResult {
  action: ContainerGroupAction;
  outcome: ActionOutcome;
  target?: ContainerGroupTarget;
  errorCode?: string;
  status?: number;
  /** Every notification and question text this run showed. */
  notifications: string[];
}

export interface ActionContext {
  session: { connection(): Promise<{ client: ArmClient; cloud?: CloudEndpoints }> };
  /** The group's state once an action ended; the tree shows it on the group's node. */
  publishState(target: ContainerGroupTarget, state: string): void;
  /** This invocation's prompts and log (the command's context). */
  ui: UserInput;
  log: Prompts['log'];
}

class ActionRun {
  readonly notifications: string[] = [];
  target?: ContainerGroupTarget;
  texts!: ActionTexts;

  constructor(
    readonly ctx: ActionContext,
    readonly action: ContainerGroupAction,
  ) {}

  done(outcome: ActionOutcome, extra: Partial<ActionCommandResult> = {}): ActionCommandResult {
    return { action: this.action, outcome, notifications: this.notifications, ...(this.target ? { target: this.target } : {}), ...extra };
  }

  notify(kind: 'info' | 'warning' | 'error', text: string, actions: Record<string, () => unknown> = {}): void {
    this.notifications.push(text);
    void this.ctx.ui.message(kind, text, ...Object.keys(actions)).then((picked) => (picked ? actions[picked]?.() : undefined));
  }
}

async function chooseTarget(run: ActionRun, arg: unknown): Promise<ContainerGroupTarget | undefined> {
  // A container node's group too: a shell refused on a stopped group offers Start for that group.
  const fromNode = targetOfNode(arg) ?? containerRefOf(arg)?.target;
  if (fromNode) return fromNode;
  const configured = containerGroups().items;
  if (configured.length === 0) {
    run.notify('error', vscode.l10n.t('No container group is configured. Add one to the view first.'));
    return undefined;
  }
  const title = actionTexts(run.action, configured[0]).pickTitle;
  return pickConfigured(run.ctx, configured, title, vscode.l10n.t('Container group'));
}

/** The modal question (and, for a delete, the name typed out). True when the user said yes. */
async function confirm(run: ActionRun, target: ContainerGroupTarget, cloud: CloudEndpoints | undefined): Promise<boolean> {
  const { question, effect, button } = run.texts;
  run.notifications.push(question);
  const detail = [...describeDestination(target, cloud), '', effect].join('\n');
  if ((await run.ctx.ui.message('warning', question, { modal: true, detail }, button)) !== button) return false;
  if (run.action !== 'delete') return true;
  return (await run.ctx.ui.inputBox(deleteNameCheck(target))) === target.name;
}

export async function runAction(ctx: ActionContext, action: ContainerGroupAction, arg: unknown): Promise<ActionCommandResult> {
  const run = new ActionRun(ctx, action);
  if (!vscode.workspace.isTrusted) {
    // The settings that decide where a token goes are not honoured here, so nothing is sent.
    run.notify('error', vscode.l10n.t('Container group actions are disabled in an untrusted workspace. Trust the workspace to use them.'));
    return run.done('invalid');
  }
  const target = await chooseTarget(run, arg);
  if (!target) return run.done(run.notifications.length ? 'invalid' : 'dismissed');
  run.target = target;
  run.texts = actionTexts(action, target);
  const problem = checkTarget(target)[0];
  if (problem) {
    run.notify('error', vscode.l10n.t('{0}: the setting {1} is "{2}". {3}', target.name, problem.field, problem.value, problem.message));
    return run.done('invalid');
  }

  let connection: { client: ArmClient; cloud?: CloudEndpoints };
  try {
    connection = await ctx.session.connection();
  } catch (err) {
    return failed(run, err);
  }
  if (!(await confirm(run, target, connection.cloud))) {
    ctx.log.info(`${target.name}: ${action} dismissed; nothing was sent.`);
    return run.done('dismissed');
  }
  ctx.log.info(`${action} ${target.name} (${target.resourceGroup}, subscription ${target.subscriptionId})`);
  try {
    const result = await send(run, connection.client, target);
    return ended(run, result);
  } catch (err) {
    return failed(run, err);
  }
}

function send(run: ActionRun, client: ArmClient, target: ContainerGroupTarget): Promise<ActionResult> {
  const ref = { subscriptionId: target.subscriptionId, resourceGroup: target.resourceGroup, name: target.name };
  const abort = new AbortController();
  // Every action can be cancelled: even a stop, one request, may be held by Azure's throttling for minutes.
  return run.ctx.ui.progress(
    { location: vscode.ProgressLocation.Notification, title: run.texts.progress, cancellable: true },
    async (progress, token) => {
      const cancel = token.onCancellationRequested(() => abort.abort());
      let status: string | undefined;
      let throttled: ThrottleWait | undefined;
      const show = (): void => {
        const message = throttleText(throttled) ?? status;
        if (message !== undefined) progress.report({ message });
      };
      // Counts down to the time Azure named while a throttled request waits.
      const ticker = setInterval(() => throttled && show(), 1000);
      try {
        return await runContainerGroupAction(client, ref, run.action, {
          signal: abort.signal,
          onProgress: (p) => {
            status = p.status;
            show();
            run.ctx.log.info(`${target.name}: ${run.action} ${p.status} (${p.polls} polls)`);
          },
          onThrottle: (wait) => {
            throttled = wait;
            run.ctx.log.warn(throttleLogLine(target.name, wait));
            show();
          },
        });
      } finally {
        clearInterval(ticker);
        cancel.dispose();
      }
    },
  );
}

function ended(run: ActionRun, result: ActionResult): ActionCommandResult {
  const target = run.target!;
  const requestId = result.requestId ? ` (x-ms-request-id ${result.requestId})` : '';
  if (result.outcome === 'notDeployed') {
    run.ctx.log.warn(`${target.name}: ${run.action}: not deployed (${result.status}${result.message ? `: ${result.message}` : ''})${requestId}`);
    run.ctx.publishState(target, vscode.l10n.t('not deployed'));
    run.notify('warning', notDeployedText(run.action, target));
    return run.done('notDeployed', { status: result.status });
  }
  if (result.outcome === 'accepted') {
    // Nothing to follow: no polling, the user is told what is known and refreshes when they choose.
    run.ctx.log.warn(`${target.name}: ${run.action} accepted (${result.status}) without a status URL to follow; it may still be under way${requestId}`);
    run.ctx.publishState(target, run.texts.acceptedState);
    run.notify('info', run.texts.accepted, { [vscode.l10n.t('Refresh')]: () => vscode.commands.executeCommand('aciDataShare.refresh') });
    return run.done('accepted', { status: result.status });
  }
  run.ctx.log.info(`${target.name}: ${run.action} succeeded (${result.status}, ${result.polls} polls, ${Math.round(result.elapsedMs)} ms)${requestId}`);
  run.ctx.publishState(target, stateAfter(run.action));
  run.notify('info', run.texts.done);
  return run.done('succeeded', { status: result.status });
}

function failed(run: ActionRun, err: unknown): ActionCommandResult {
  const name = run.target?.name ?? '';
  const message = errorMessage(err);
  const showOutput = { [vscode.l10n.t('Show Output')]: () => vscode.commands.executeCommand('aciDataShare.showOutput') };
  if (err instanceof ArmError && err.kind === 'canceled') {
    run.ctx.log.warn(`${name}: stopped waiting for ${run.action}; it may continue in Azure.`);
    run.notify('info', vscode.l10n.t('Stopped waiting for {0}. Azure may still be working on it; refresh later to see its state.', name));
    return run.done('canceled');
  }
  if (isStatusUnavailable(err)) {
    run.ctx.log.warn(`${name}: ${run.action}: ${message}`);
    run.notify('warning', vscode.l10n.t('{0} was sent to Azure, but its outcome is not known: {1}', name, message), showOutput);
    return run.done('unknown', { errorCode: (err as ArmError).code });
  }
  const requestId = err instanceof ArmError && err.requestId ? ` (x-ms-request-id ${err.requestId})` : '';
  run.ctx.log.error(`${name}: ${run.action} failed: ${message}${requestId}`);
  run.notify('error', vscode.l10n.t('{0} of {1} failed: {2}', run.texts?.button ?? run.action, name, message), showOutput);
  return run.done('failed', err instanceof ArmError ? { errorCode: err.code, status: err.status } : {});
}
