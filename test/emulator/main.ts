// CLI: node out/test/emulator/main.js [--port N] [--fault NAME] [--retry-after S] [--lro-polls N] [--lro-seconds S]
//   [--latency-ms N] [--page-latency-ms N] [--quiet]   (ACI_DS_EMULATOR_LATENCY_MS sets --latency-ms's default)
import { latencyFromEnv } from './latency';
import { startEmulator } from './server';

interface Args {
  port?: number;
  fault?: string;
  retryAfter?: number;
  lroPolls?: number;
  lroSeconds?: number;
  latencyMs?: number;
  pageLatencyMs?: number;
  quiet: boolean;
}

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Args {
  const out: Args = { quiet: false };
  const number = (flag: string, value: string | undefined): number => {
    const n = Number(value);
    if (value === undefined || !Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a non-negative integer`);
    return n;
  };
  out.latencyMs = latencyFromEnv(env);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') out.port = number(arg, argv[++i]);
    else if (arg === '--fault') out.fault = argv[++i];
    else if (arg === '--retry-after') out.retryAfter = number(arg, argv[++i]);
    else if (arg === '--lro-polls') out.lroPolls = number(arg, argv[++i]);
    else if (arg === '--lro-seconds') out.lroSeconds = number(arg, argv[++i]);
    else if (arg === '--latency-ms') out.latencyMs = number(arg, argv[++i]);
    else if (arg === '--page-latency-ms') out.pageLatencyMs = number(arg, argv[++i]);
    else if (arg === '--quiet') out.quiet = true;
    else throw new Error(`Unknown argument '${arg}'`);
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), process.env);
  const emulator = await startEmulator({
    port: args.port,
    fault: args.fault,
    retryAfterSeconds: args.retryAfter,
    lroPolls: args.lroPolls,
    lroSeconds: args.lroSeconds,
    latencyMs: args.latencyMs,
    pageLatencyMs: args.pageLatencyMs,
    quiet: args.quiet,
  });
  process.stdout.write(`ARM emulator listening on ${emulator.url}\n`);
  const stop = (): void => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`emulator: ${(e as Error).message}\n`);
  process.exit(2);
});
