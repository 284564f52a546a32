/**
 * Worker-thread entry: owns the LanguageService and answers the extension host's requests in order, saying
 * which document each job is for (the host abandons a job that overruns its time budget).
 */
import { parentPort } from 'worker_threads';
import { LanguageService } from './service';
import type { FromWorker, Notification, RequestBody, ToWorker } from './protocol';
import { errorMessage } from '../arm/errors';

const service = new LanguageService();

function apply(n: Notification): void {
  if (n.kind === 'open') service.open(n.uri, n.version, n.format, n.text);
  else if (n.kind === 'edit') service.edit(n.uri, n.version, n.changes, n.fullText);
  else service.close(n.uri);
}

function answer(body: RequestBody): unknown {
  switch (body.op) {
    case 'diagnostics':
      return service.diagnostics(body.uri, body.version, body.secretNames, body.parameterFile);
    case 'complete':
      return service.complete(body.uri, body.version, body.offset, body.secretNames);
    case 'hover':
      return service.hover(body.uri, body.version, body.offset);
    case 'symbols':
      return service.symbols(body.uri, body.version);
  }
}

function reply(message: FromWorker): void {
  parentPort?.postMessage(message);
}

parentPort?.on('message', (message: ToWorker) => {
  if (message.type === 'notify') {
    reply({ busy: message.body.uri });
    try {
      apply(message.body);
    } catch {
      // A document the worker cannot follow is dropped; its next request answers `missing` and the host
      // sends it again whole.
      if (message.body.kind !== 'close') service.close(message.body.uri);
    }
    reply({ idle: true });
    return;
  }
  const { id, body } = message;
  const run = () => {
    // The host's time budget runs from here: a job that overruns it is abandoned with the worker.
    reply({ busy: body.uri });
    try {
      reply({ id, ok: true, value: answer(body) });
    } catch (err) {
      reply({ id, ok: false, error: errorMessage(err) });
    }
  };
  // Diagnostics wait one turn so edits already queued behind them land first; the answer is then marked
  // stale instead of validating a version nobody will see.
  if (body.op === 'diagnostics') setImmediate(run);
  else run();
});
