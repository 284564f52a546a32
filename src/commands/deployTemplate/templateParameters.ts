/**
 * The values a template deployment sends: the parameter file the user chose for the template (remembered), else
 * one next to it, `{{secret:NAME}}` in it filled from the secret store, and every parameter still missing asked
 * for (allowed values as a pick, secure ones masked). Secure values live in memory only and are redacted everywhere.
 */
import * as vscode from 'vscode';
import { parseJson } from '../../core/definition/jsonParser';
import { toPlainValue } from '../../core/definition/nodeQuery';
import { isParameterFile } from '../../core/definition/armTemplate';
import type { ParameterEntry } from '../../core/templateDeploy/deployments';
import {
  coerceAnswer,
  fillSecrets,
  ParameterValueError,
  parameterFileCandidates,
  parameterFileValues,
  planParameters,
  secretFieldTexts,
  secretTexts,
  type DeclaredParameter,
} from '../../core/templateDeploy/parameters';
import { isSecretParameter, shortValue, shownDefault } from '../../core/templateDeploy/parameterDisplay';
import type { DeployRun } from '../deploy/deployRun';

const REMEMBERED_KEY = 'aciDataShare.templateParameterFiles';
/** Answers to parameters the template's files leave open, per template: offered again next time, never secure ones. */
const ANSWERS_KEY = 'aciDataShare.templateParameterAnswers';
type Answers = Record<string, Record<string, unknown>>;

export interface ParameterFile {
  uri: vscode.Uri;
  text: string;
  version?: number;
}

export interface ChosenParameters {
  file?: ParameterFile;
  entries: Record<string, ParameterEntry>;
  /** One line per parameter for the confirmation: where its value comes from (secure values never shown). */
  lines: string[];
  /** Stored secrets the values use, by parameter. */
  secretsUsed: { parameter: string; secret: string }[];
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    return (await vscode.workspace.fs.stat(uri)).type === vscode.FileType.File;
  } catch {
    return false;
  }
}

/** The text as the editor holds it (unsaved edits count), else as on disk. */
async function readText(uri: vscode.Uri): Promise<ParameterFile> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return { uri, text: open.getText(), version: open.version };
  return { uri, text: new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)) };
}

/** The parameter file the user chose for the template (if it is still there), else the first one next to it. */
export async function findParameterFile(run: DeployRun): Promise<vscode.Uri | undefined> {
  const remembered = run.ctx.memento?.get<Record<string, string>>(REMEMBERED_KEY, {})[run.uri.toString()];
  if (remembered && (await exists(vscode.Uri.parse(remembered)))) return vscode.Uri.parse(remembered);
  for (const path of parameterFileCandidates(run.uri.path)) {
    const uri = run.uri.with({ path });
    if (await exists(uri)) return uri;
  }
  return undefined;
}

export async function rememberParameterFile(run: DeployRun, file: vscode.Uri): Promise<void> {
  const memento = run.ctx.memento;
  if (!memento) return;
  await memento.update(REMEMBERED_KEY, { ...memento.get<Record<string, string>>(REMEMBERED_KEY, {}), [run.uri.toString()]: file.toString() });
}

/** With missing values and no file found: enter them, or pick a parameter file (remembered for this template). */
async function offerParameterFile(run: DeployRun, missing: number): Promise<vscode.Uri | 'enter' | undefined> {
  const enter = { label: vscode.l10n.t('Enter the values'), description: vscode.l10n.t('{0} parameter(s) without a value', missing), choice: 'enter' as const };
  const pick = { label: vscode.l10n.t('Choose a parameter file…'), description: vscode.l10n.t('remembered for this template'), choice: 'pick' as const };
  const picked = await run.ctx.ui.quickPick([enter, pick], { title: vscode.l10n.t('Parameters for {0}', vscode.workspace.asRelativePath(run.uri)), placeHolder: vscode.l10n.t('No parameter file was found next to the template') });
  if (!picked) return undefined;
  if (picked.choice === 'enter') return 'enter';
  const uris = await run.ctx.ui.openDialog({ canSelectMany: false, defaultUri: run.uri, filters: { [vscode.l10n.t('Parameter files')]: ['json'] }, title: vscode.l10n.t('Parameter file for {0}', vscode.workspace.asRelativePath(run.uri)) });
  if (!uris?.[0]) return undefined;
  await rememberParameterFile(run, uris[0]);
  return uris[0];
}

/** Asks for one missing value, offering the last answer given for this template; undefined when the user backs out. */
async function askValue(run: DeployRun, p: DeclaredParameter, secure: boolean, last: unknown): Promise<unknown> {
  const title = vscode.l10n.t('Parameter {0} ({1})', p.name, p.type);
  const shown = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
  if (p.allowedValues?.length) {
    const lastFirst = [...p.allowedValues].sort((a, b) => Number(shown(b) === shown(last)) - Number(shown(a) === shown(last)));
    const items = lastFirst.map((v) => ({ label: shown(v), value: v, picked: last !== undefined && shown(v) === shown(last), description: last !== undefined && shown(v) === shown(last) ? vscode.l10n.t('last used') : undefined }));
    const picked = await run.ctx.ui.quickPick(items, { title, placeHolder: p.description ?? vscode.l10n.t('Value of {0}', p.name) });
    return picked?.value;
  }
  const text = await run.ctx.ui.inputBox({
    title,
    prompt: secure
      ? vscode.l10n.t('Secure value of {0}: sent with this deploy only, never stored or shown. {1}', p.name, p.description ?? '')
      : (p.description ?? vscode.l10n.t('Value of {0}', p.name)),
    password: secure,
    value: secure || last === undefined ? undefined : shown(last),
    ignoreFocusOut: true,
    validateInput: (v) => {
      if (v.length === 0 && p.type !== 'string') return vscode.l10n.t('A value is required.');
      try {
        coerceAnswer(v, p.type);
        return undefined;
      } catch (err) {
        return err instanceof ParameterValueError ? err.message : String(err);
      }
    },
  });
  return text === undefined ? undefined : coerceAnswer(text, p.type);
}

export type ParametersOutcome = { ok: true; chosen: ChosenParameters } | { ok: false; reason: 'dismissed' | 'invalid'; message?: string; missingSecrets?: string[]; file?: vscode.Uri };

/** `secretFields`: parameters (lower case) the template uses in a secret field, secret whatever their type. */
export async function chooseParameters(run: DeployRun, declared: DeclaredParameter[], secretFields: ReadonlySet<string>): Promise<ParametersOutcome> {
  let fileUri = await findParameterFile(run);
  let file: ParameterFile | undefined;
  let values: Record<string, unknown> | undefined;
  const load = async (uri: vscode.Uri): Promise<string | undefined> => {
    file = await readText(uri);
    const parsed = parseJson(file.text);
    if (!parsed.root || parsed.diagnostics.some((d) => d.severity === 'error') || !isParameterFile(parsed.root)) {
      return vscode.l10n.t('{0} is not a deployment parameter file (an object with "parameters", each with a "value" or a Key Vault "reference").', vscode.workspace.asRelativePath(uri));
    }
    values = parameterFileValues(toPlainValue(parsed.root));
    return undefined;
  };
  if (fileUri) {
    const problem = await load(fileUri);
    if (problem) return { ok: false, reason: 'invalid', message: problem, file: fileUri };
  }
  let plan = planParameters(declared, values);
  if (!fileUri && plan.missing.length) {
    const offered = await offerParameterFile(run, plan.missing.length);
    if (!offered) return { ok: false, reason: 'dismissed' };
    if (offered !== 'enter') {
      fileUri = offered;
      const problem = await load(offered);
      if (problem) return { ok: false, reason: 'invalid', message: problem, file: offered };
      plan = planParameters(declared, values);
    }
  }
  if (plan.undeclared.length) {
    return { ok: false, reason: 'invalid', message: vscode.l10n.t('the parameter file gives {0}, which the template does not declare.', plan.undeclared.join(', ')), file: fileUri };
  }
  const stored = new Set(run.ctx.secrets.names());
  const missingSecrets = [...new Set(plan.secretUses.map((u) => u.secret).filter((s) => !stored.has(s)))];
  if (missingSecrets.length) return { ok: false, reason: 'invalid', missingSecrets, file: fileUri };

  const secretValues = new Map<string, string>();
  for (const use of plan.secretUses) {
    const value = await run.ctx.secrets.get(use.secret);
    if (value !== undefined) secretValues.set(use.secret, value);
  }
  run.secrets.push(...secretValues.values());
  const lines: string[] = [];
  const entries: Record<string, ParameterEntry> = {};
  for (const p of declared) {
    const entry = plan.entries[p.name];
    const secure = isSecretParameter(p, secretFields);
    if (entry && 'value' in entry) {
      const value = fillSecrets(entry.value, (n) => secretValues.get(n), p.type);
      entries[p.name] = { value };
      if (secure || plan.secretUses.some((u) => u.parameter === p.name)) run.secrets.push(...secretTexts(value));
      else run.secrets.push(...secretFieldTexts(value));
      const uses = plan.secretUses.filter((u) => u.parameter === p.name).map((u) => u.secret);
      lines.push(uses.length ? `${p.name}: ${vscode.l10n.t('stored secret {0}', uses.join(', '))}` : secure ? `${p.name}: ${vscode.l10n.t('(secure, from the parameter file)')}` : `${p.name}: ${shortValue(value, run.secrets)}`);
    } else if (entry) {
      entries[p.name] = entry;
      lines.push(`${p.name}: ${vscode.l10n.t('Key Vault reference')}`);
    } else if (plan.sources.get(p.name) === 'default') {
      // A secret default is not sent, but the service may echo it: it is hidden like any other secret.
      run.secrets.push(...(secure ? secretTexts(p.defaultValue) : secretFieldTexts(p.defaultValue)));
      const shown = shownDefault(p, secure, run.secrets);
      lines.push(`${p.name}: ${vscode.l10n.t('default')}${shown === undefined ? '' : ` (${shown})`}`);
    }
  }
  const answers = run.ctx.memento?.get<Answers>(ANSWERS_KEY, {}) ?? {};
  const lastAnswers = answers[run.uri.toString()] ?? {};
  const given: Record<string, unknown> = {};
  for (const p of plan.missing) {
    const secure = isSecretParameter(p, secretFields);
    const value = await askValue(run, p, secure, secure ? undefined : lastAnswers[p.name]);
    if (value === undefined) return { ok: false, reason: 'dismissed' };
    entries[p.name] = { value };
    const secretParts = secure ? secretTexts(value) : secretFieldTexts(value);
    run.secrets.push(...secretParts);
    if (!secure && secretParts.length === 0) given[p.name] = value;
    lines.push(`${p.name}: ${secure ? vscode.l10n.t('(secure, entered)') : `${shortValue(value, run.secrets)} (${vscode.l10n.t('entered')})`}`);
  }
  if (Object.keys(given).length) await run.ctx.memento?.update(ANSWERS_KEY, { ...answers, [run.uri.toString()]: { ...lastAnswers, ...given } });
  return { ok: true, chosen: { file, entries, lines, secretsUsed: plan.secretUses } };
}
