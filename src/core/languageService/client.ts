/**
 * The extension host's side of the language worker: notifications, requests with ids, and a restart when
 * the worker dies (pending requests fail, and `onRestart` lets the owner send its documents again).
 *
 * No document may hold the others' checks: a job (opening, an edit, a request) that runs past the time
 * budget is abandoned with the worker. Its document is not sent to the next worker until it is closed and
 * opened again (its requests get `stoppedAnswer`), and the other documents' waiting requests go to the new
 * worker once their documents are sent again.
 */
import { Worker } from 'worker_threads';
import { JOB_BUDGET_MS, stoppedAnswer } from './budget';
import type { FromWorker, Notification, RequestBody, ToWorker } from './protocol';

interface Pending {
  body: RequestBody;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

export interface LanguageWorkerClientOptions {
  /** Longest a single job may run before it is abandoned. Default JOB_BUDGET_MS. */
  budgetMs?: number;
}

export class LanguageWorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Documents whose checks overran the budget; kept out of the worker until closed. */
  private readonly stopped = new Set<string>();
  private readonly budgetMs: number;
  private watchdog: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    private readonly workerPath: string,
    private readonly onRestart: () => void = () => undefined,
    private readonly onError: (message: string) => void = () => undefined,
    options: LanguageWorkerClientOptions = {},
  ) {
    this.budgetMs = Math.max(1, options.budgetMs ?? JOB_BUDGET_MS);
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerPath);
    worker.unref();
    worker.on('message', (m: FromWorker) => {
      if (this.worker !== worker) return;
      if ('busy' in m) return this.arm(worker, m.busy);
      this.disarm();
      if ('idle' in m) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error));
    });
    const fail = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.disarm();
      for (const p of this.pending.values()) p.reject(new Error(reason));
      this.pending.clear();
      if (!this.disposed) {
        this.onError(reason);
        this.onRestart();
      }
    };
    worker.on('error', (err) => fail(`The definition checker stopped: ${err.message}`));
    worker.on('exit', (code) => fail(`The definition checker exited (code ${code}).`));
    this.worker = worker;
    return worker;
  }

  /** Starts the budget of the job the worker just began for `uri`. */
  private arm(worker: Worker, uri: string): void {
    this.disarm();
    this.watchdog = setTimeout(() => this.abandon(worker, uri), this.budgetMs);
    this.watchdog.unref();
  }

  private disarm(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = undefined;
  }

  /** Stops the worker stuck on `uri`'s job; the other documents move to a new worker with their requests. */
  private abandon(worker: Worker, uri: string): void {
    if (this.worker !== worker || this.disposed) return;
    this.worker = undefined;
    this.watchdog = undefined;
    void worker.terminate();
    this.stopped.add(uri);
    const waiting = [...this.pending.entries()];
    this.pending.clear();
    this.onError(`Checking ${uri} took longer than ${this.budgetMs / 1000} s; live checks stopped for it until it is reopened.`);
    // The owner sends its documents again (the stopped one is held back), then the waiting requests follow.
    this.onRestart();
    for (const [id, p] of waiting) {
      if (this.stopped.has(p.body.uri)) p.resolve(stoppedAnswer(p.body, this.budgetMs));
      else this.send(id, p);
    }
  }

  notify(body: Notification): void {
    if (this.disposed) return;
    if (this.stopped.has(body.uri)) {
      if (body.kind === 'close') this.stopped.delete(body.uri);
      return;
    }
    this.ensure().postMessage({ type: 'notify', body } satisfies ToWorker);
  }

  request<T>(body: RequestBody): Promise<T> {
    if (this.disposed) return Promise.reject(new Error('disposed'));
    if (this.stopped.has(body.uri)) return Promise.resolve(stoppedAnswer(body, this.budgetMs) as T);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => this.send(id, { body, resolve, reject }));
  }

  private send(id: number, p: Pending): void {
    this.pending.set(id, p);
    this.ensure().postMessage({ type: 'request', id, body: p.body } satisfies ToWorker);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.disarm();
    const w = this.worker;
    this.worker = undefined;
    for (const p of this.pending.values()) p.reject(new Error('disposed'));
    this.pending.clear();
    await w?.terminate();
  }
}
