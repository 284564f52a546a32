// Sandbox: a real VS Code (code-server) with this extension installed from the repository (a link to it in the
// extensions folder) and a sample workspace that is already pointed at the ARM emulator, whose sign-in asks nothing.
// The workbench runs as it does for a user (no test driver), so notifications pop up as toasts. No browser here; open
// the printed URL yourself. Ctrl-C stops code-server and the emulator.
import { latencyFromEnv } from '../emulator/latency';
import { startEmulator } from '../emulator/server';
import { linkExtension, startCodeServer, userWorkbenchUrl, type CodeServer } from './codeServer';
import { ensureInstalled } from './install';
import { emulatorEnv, emulatorSettings, prepareWorkspace, type PreparedWorkspace } from './workspace';

const PREFERRED_EMULATOR_PORT = 4817;
const PREFERRED_CODE_SERVER_PORT = 8080;

async function main(): Promise<void> {
  await ensureInstalled();

  // A stable port when free, so the emulator URL stays the same between sandbox sessions.
  // ACI_DS_EMULATOR_LATENCY_MS=100 makes every reply take a round trip like Azure's (the emulator's latency mode).
  const latencyMs = latencyFromEnv(process.env);
  const emulator = await startEmulator({ port: PREFERRED_EMULATOR_PORT, latencyMs }).catch(() => startEmulator({ latencyMs }));
  let workspace: PreparedWorkspace | undefined;
  let server: CodeServer | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\n[sandbox] stopping ...');
    await server?.stop().catch(() => undefined);
    workspace?.remove();
    await emulator.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    workspace = prepareWorkspace('sandbox', emulatorSettings(emulator.url));
    server = await startCodeServer({
      env: emulatorEnv(emulator.url),
      userSettings: emulatorSettings(emulator.url),
      preferredPort: PREFERRED_CODE_SERVER_PORT,
      mode: 'user',
      onOutput: (line) => {
        // code-server's own startup banner is noise here; its errors are not.
        if (/error/i.test(line)) console.error(line);
      },
    });
    linkExtension(server);
  } catch (err) {
    console.error(`[sandbox] ${err instanceof Error ? err.message : String(err)}`);
    await stop(1);
    return;
  }

  // The page must be opened on the host:port code-server listens on (127.0.0.1), so forward that port when the
  // browser is elsewhere.
  const url = userWorkbenchUrl(server, workspace.dir);
  console.log('');
  console.log(`[sandbox] ARM emulator:  ${emulator.url}`);
  console.log(`[sandbox] code-server:   ${server.origin}`);
  console.log(`[sandbox] workspace:     ${workspace.dir} (a throwaway copy of test/fixtures/sandbox)`);
  console.log('');
  console.log('Open this URL in a browser (the extension is installed from this repository; see README.md in the workspace):');
  console.log('');
  console.log(`  ${url}`);
  console.log('');
  console.log(`Browser on another machine? Forward port ${server.port} to 127.0.0.1:${server.port} there (e.g. ssh -L ${server.port}:127.0.0.1:${server.port}).`);
  console.log('Ctrl-C stops the sandbox. After changing the extension, run `npm run build` and reload the window.');
}

main().catch((err: unknown) => {
  console.error(`[sandbox] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
