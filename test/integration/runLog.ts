// Log of an integration run: every line goes to a file, and the interesting ones to the terminal.
import * as fs from 'fs';
import * as path from 'path';

/** Workbench chatter that says nothing about the extension or its tests. */
const NOISE = [
  /Ignoring fetching additional builtin extensions/,
  /Updating additional builtin extensions cache/,
  /\[AccountPolicyGate\]/,
];

export class RunLog {
  private readonly fd: number;

  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.fd = fs.openSync(file, 'w');
  }

  /** Writes to the log file only. */
  write(text: string): void {
    for (const line of text.split('\n')) fs.writeSync(this.fd, `${new Date().toISOString()} ${line}\n`);
  }

  /** Writes to the log file and the terminal. */
  say(text: string): void {
    this.write(text);
    console.log(text);
  }

  /** Writes to the log file, and to the terminal unless it is known workbench noise. */
  echo(text: string): void {
    this.write(text);
    this.show(text);
  }

  /** Writes to the terminal only (a line already in the file), unless it is known workbench noise. */
  show(text: string): void {
    if (!NOISE.some((re) => re.test(text))) console.log(text);
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}
