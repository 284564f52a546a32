/** The extension's one output channel; every request and deploy step is logged here. */
import * as vscode from 'vscode';

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error';
const LEVELS = new Set<string | symbol>(['trace', 'debug', 'info', 'warn', 'error']);

let channel: vscode.LogOutputChannel | undefined;
const listeners = new Set<(level: Level, message: string) => void>();

/** Passes every line to the listeners (whatever the channel's level) before the channel writes it. */
function observed(target: vscode.LogOutputChannel): vscode.LogOutputChannel {
  return new Proxy(target, {
    get(obj, prop) {
      const value: unknown = Reflect.get(obj, prop);
      if (typeof value !== 'function') return value;
      if (!LEVELS.has(prop) || listeners.size === 0) return value.bind(obj);
      return (message: string | Error, ...args: unknown[]) => {
        for (const listen of listeners) listen(prop as Level, message instanceof Error ? message.message : message);
        return (value as (...a: unknown[]) => unknown).call(obj, message, ...args);
      };
    },
  });
}

export function log(): vscode.LogOutputChannel {
  channel ??= observed(vscode.window.createOutputChannel('ACI & Data Share', { log: true }));
  return channel;
}

/** Every line written from now on, at any level (the test-only API hands this to the secret scan). */
export function onLogLine(listener: (level: Level, message: string) => void): vscode.Disposable {
  listeners.add(listener);
  return new vscode.Disposable(() => listeners.delete(listener));
}

export function disposeLog(): void {
  channel?.dispose();
  channel = undefined;
}
