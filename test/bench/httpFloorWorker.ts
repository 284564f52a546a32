// The HTTP floor in a worker thread: a thread of its own, with the `http` module Node gives every worker.
import { parentPort, workerData } from 'worker_threads';
import { httpFloor, type FloorInput } from './httpFloor';

httpFloor(workerData as FloorInput).then(
  (result) => parentPort?.postMessage({ result }),
  (err: unknown) => parentPort?.postMessage({ error: err instanceof Error ? err.message : String(err) }),
);
