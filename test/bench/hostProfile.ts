/**
 * Opt-in CPU profiles of the extension host for the report benchmark: with ACI_DS_BENCH_CPU_PROFILE set to a
 * folder, each measured phase writes `<phase>.cpuprofile` there (open it in Chrome DevTools or VS Code).
 */
import { writeFileSync } from 'fs';
import { Session } from 'inspector';
import * as path from 'path';

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T))));
}

/** Runs `work`, profiled when the environment asks for it. */
export async function profiled<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.ACI_DS_BENCH_CPU_PROFILE;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
  await post(session, 'Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await post<{ profile: unknown }>(session, 'Profiler.stop');
    writeFileSync(path.join(dir, `${phase}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
