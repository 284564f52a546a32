// `tar` in the scripted shell, for what Download Folder and Upload Folder type: `tar -C <dir> -cf <file> .` and
// `tar -xf <file> -C <dir>`. As GNU tar does (GNU tar manual: 3.4.2 --create, 3.4.7 --extract, 6.10.1 -C
// --directory, 6.1 -f --file with `-` for stdin/stdout): `-C` changes folder before the members that follow it; a
// folder member takes everything under it, the folder itself first ("./", then "./sub/", "./sub/a"); the archive is
// ustar/POSIX (GNU tar manual 8.3), written here by tar-stream, a library independent of the extension's own;
// extraction needs the folder to exist ("Cannot open: No such file or directory", status 2); a member whose name holds
// ".." is skipped with "Member name contains '..'" and status 2 at the end (GNU tar manual 6.10.2, and BusyBox tar
// skips it too); a leading "/" is removed from names ("Removing leading `/' from member names").
import * as tarStream from 'tar-stream';
import { err, ok, type CommandResult, type ContainerFiles } from './shellFiles';

interface TarArgs {
  mode?: 'c' | 'x';
  file?: string;
  dir?: string;
  members: string[];
}

function parseArgs(args: string[], at: (p: string) => string): TarArgs | string {
  const o: TarArgs = { members: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('-') || a === '-') {
      o.members.push(a);
      continue;
    }
    for (const flag of a.slice(1)) {
      if (flag === 'c' || flag === 'x') o.mode = flag;
      else if (flag === 'f') o.file = args[++i];
      else if (flag === 'C') o.dir = at(args[++i] ?? '');
      else if (flag !== 'v' && flag !== 'p') return `tar: invalid option -- '${flag}'\n`;
    }
  }
  return o;
}

export async function tarCommand(files: ContainerFiles, args: string[], stdin: Buffer, at: (p: string) => string): Promise<CommandResult> {
  const o = parseArgs(args, at);
  if (typeof o === 'string') return err(o, 2);
  if (!o.mode) return err("tar: You must specify one of the '-Acdtrux', '--delete' or '--test-label' options\n", 2);
  if (o.mode === 'c') return create(files, o, at);
  const archive = o.file === undefined || o.file === '-' ? stdin : files.read(at(o.file));
  if (!archive) return err(`tar: ${o.file}: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\n`, 2);
  const dest = o.dir ?? at('.');
  if (!files.isDir(dest)) return err(`tar: ${dest}: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\n`, 2);
  return extract(files, archive, dest);
}

async function create(files: ContainerFiles, o: TarArgs, at: (p: string) => string): Promise<CommandResult> {
  const base = o.dir ?? at('.');
  const pack = tarStream.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: unknown) => chunks.push(c as Buffer));
  const ended = new Promise<void>((resolve, reject) => (pack.on('end', resolve), pack.on('error', reject)));
  let messages = '';
  for (const member of o.members) {
    const p = member.startsWith('/') ? member : `${base.replace(/\/+$/, '')}/${member}`.replace(/\/\.$/, '');
    if (files.isFile(p)) {
      pack.entry({ name: member, size: files.read(p)!.length, mode: 0o644, mtime: new Date(0) }, files.read(p)!);
    } else if (files.isDir(p)) {
      pack.entry({ name: `${member.replace(/\/+$/, '')}/`, type: 'directory', mode: 0o755, mtime: new Date(0) });
      for (const rel of files.under(p)) {
        const name = `${member.replace(/\/+$/, '')}/${rel}`;
        if (rel.endsWith('/')) pack.entry({ name, type: 'directory', mode: 0o755, mtime: new Date(0) });
        else pack.entry({ name, size: files.read(`${p.replace(/\/+$/, '')}/${rel}`)!.length, mode: 0o644, mtime: new Date(0) }, files.read(`${p.replace(/\/+$/, '')}/${rel}`)!);
      }
    } else messages += `tar: ${member}: Cannot stat: No such file or directory\n`;
  }
  pack.finalize();
  await ended;
  const archive = Buffer.concat(chunks);
  if (messages) messages += 'tar: Exiting with failure status due to previous errors\n';
  const status = messages ? 2 : 0;
  if (o.file && o.file !== '-') {
    files.write(at(o.file), archive, false);
    return { out: Buffer.alloc(0), err: messages || undefined, status };
  }
  return { out: archive, err: messages || undefined, status };
}

async function extract(files: ContainerFiles, archive: Buffer, dest: string): Promise<CommandResult> {
  const ex = tarStream.extract();
  let messages = '';
  let stripped = false;
  const done = (async () => {
    for await (const entry of ex) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      let name = entry.header.name;
      if (name.startsWith('/')) {
        stripped = true;
        name = name.replace(/^\/+/, '');
      }
      if (name.split('/').includes('..')) {
        messages += `tar: ${entry.header.name}: Member name contains '..'\n`;
        continue;
      }
      const path = `${dest.replace(/\/+$/, '')}/${name.replace(/^(\.\/)+/, '')}`.replace(/\/\.?$/, '');
      if (entry.header.type === 'directory') files.mkdir(path);
      else if (entry.header.type === 'file') files.write(path, Buffer.concat(chunks), false);
    }
  })();
  ex.end(archive);
  try {
    await done;
  } catch {
    return err('tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors\n', 2);
  }
  const lead = stripped ? "tar: Removing leading `/' from member names\n" : '';
  if (messages) return err(`${lead}${messages}tar: Exiting with failure status due to previous errors\n`, 2);
  return lead ? err(lead, 0) : ok('');
}
