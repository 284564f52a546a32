// The emulator's POSIX shell alone, without a socket: what it writes to the terminal, as text, one entry a write.
import { PosixShell, type ShellIo } from '../posixShell';

export function testShell(files: Map<string, Buffer>, has: (program: string) => boolean = () => true): { sh: PosixShell; writes: string[] } {
  const writes: string[] = [];
  const io: ShellIo = {
    write: (t) => void writes.push(typeof t === 'string' ? t : t.toString('latin1')),
    has,
    files,
    setEcho: () => undefined,
    cwd: () => '/',
    setCwd: () => undefined,
    shellName: '/bin/sh',
    setVar: () => undefined,
    notFound: (n) => `/bin/sh: 1: ${n}: not found\n`,
    wait: async () => true,
  };
  return { sh: new PosixShell(io), writes };
}
