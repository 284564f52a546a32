/**
 * The extension host's side of the language worker: notifications, requests with ids, and a restart when
 * the worker dies (pending requests fail, and `onRestart` lets the owner send its documents again).
 */
import { Worker } from 'worker_threads';
import type { FromWorker, Notification, RequestBody, ToWorker } from './protocol';

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

export class LanguageWorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private disposed = false;

  constructor(
    private readonly workerPath: string,
    private readonly onRestart: () => void = () => undefined,
    private readonly onError: (message: string) => void = () => undefined,
  ) {}

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerPath);
    worker.unref();
    worker.on('message', (m: FromWorker) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error));
    });
    const fail = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
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

  notify(body: Notification): void {
    if (this.disposed) return;
    this.ensure().postMessage({ type: 'notify', body } satisfies ToWorker);
  }

  request<T>(body: RequestBody): Promise<T> {
    if (this.disposed) return Promise.reject(new Error('disposed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.ensure().postMessage({ type: 'request', id, body } satisfies ToWorker);
    });
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const w = this.worker;
    this.worker = undefined;
    for (const p of this.pending.values()) p.reject(new Error('disposed'));
    this.pending.clear();
    await w?.terminate();
  }
}
