/**
 * Whole-block snippets: a container, an init container, a volume of each kind, an environment variable
 * (array items) and a public IP address or a probe (members). Defaults pass validation as written.
 */
import { PathSegment } from '../definition';
import { looseName } from '../schema/schemaLookup';
import { arr, choice, num, obj, Skel, str } from './skeleton';

export interface BlockContext {
  /** A name not yet used in the array the block goes into. */
  uniqueName(base: string): string;
  /** A secret placeholder for the first known secret name. */
  secret(fallback: string): string;
  /** A port a container already exposes (for ipAddress), else 80. */
  port: number;
}

export interface Block {
  label: string;
  detail: string;
  /** Group-relative path of the array (item blocks) or object (member blocks), `#` for any index. */
  at: string;
  /** Member blocks: the key they add. */
  key?: string;
  skel(ctx: BlockContext): Skel;
}

const IMAGE = 'mcr.microsoft.com/azuredocs/aci-helloworld:latest';
const CONTAINERS = 'properties/containers/#/properties';
const fixed = (value: string): Skel => ({ t: 'str', value, fixed: true });

const envBlocks = (at: string): Block[] => [
  { label: 'Environment variable', detail: 'name and value', at, skel: () => obj(['name', str('MY_VARIABLE')], ['value', str('value')]) },
  {
    label: 'Secure environment variable',
    detail: 'name and secureValue from a secret',
    at,
    skel: (c) => obj(['name', str('MY_SECRET')], ['secureValue', fixed(c.secret('my-secret'))]),
  },
];

export const ITEM_BLOCKS: Block[] = [
  {
    label: 'Container',
    detail: 'image, port 80, 1 CPU, 1.5 GB',
    at: 'properties/containers',
    skel: (c) =>
      obj(
        ['name', str(c.uniqueName('app'))],
        ['properties', obj(
          ['image', str(IMAGE)],
          ['ports', arr(obj(['port', num(80)], ['protocol', choice('TCP', 'UDP')]))],
          ['resources', obj(['requests', obj(['cpu', num(1)], ['memoryInGB', num(1.5)])])],
        )],
      ),
  },
  {
    label: 'Init container',
    detail: 'runs to completion before the containers start',
    at: 'properties/initContainers',
    skel: (c) =>
      obj(
        ['name', str(c.uniqueName('init'))],
        ['properties', obj(['image', str('mcr.microsoft.com/azurelinux/base/core:3.0')], ['command', arr(fixed('/bin/sh'), fixed('-c'), str('echo init'))])],
      ),
  },
  { label: 'emptyDir volume', detail: 'scratch space shared by the containers', at: 'properties/volumes', skel: (c) => obj(['name', str(c.uniqueName('scratch'))], ['emptyDir', obj()]) },
  {
    label: 'azureFile volume',
    detail: 'an Azure Files share',
    at: 'properties/volumes',
    skel: (c) =>
      obj(
        ['name', str(c.uniqueName('files'))],
        ['azureFile', obj(['shareName', str('myshare')], ['storageAccountName', str('mystorageaccount')], ['storageAccountKey', fixed(c.secret('storage-account-key'))])],
      ),
  },
  {
    label: 'secret volume',
    detail: 'files with base64-encoded contents',
    at: 'properties/volumes',
    skel: (c) => obj(['name', str(c.uniqueName('secrets'))], ['secret', obj(['settings.txt', str('SGVsbG8gd29ybGQ=')])]),
  },
  {
    label: 'gitRepo volume',
    detail: 'a cloned git repository',
    at: 'properties/volumes',
    skel: (c) => obj(['name', str(c.uniqueName('source'))], ['gitRepo', obj(['repository', str('https://github.com/Azure-Samples/aci-helloworld.git')], ['directory', fixed('.')])]),
  },
  ...envBlocks(`${CONTAINERS}/environmentVariables`),
  ...envBlocks('properties/initContainers/#/properties/environmentVariables'),
];

const probe = (): Skel =>
  obj(
    ['httpGet', obj(['path', str('/')], ['port', num(80)], ['scheme', choice('http', 'https')])],
    ['initialDelaySeconds', num(10)],
    ['periodSeconds', num(10)],
  );

export const MEMBER_BLOCKS: Block[] = [
  {
    label: 'ipAddress (public)',
    detail: 'public IP with a port',
    at: 'properties',
    key: 'ipAddress',
    skel: (c) => obj(['type', choice('Public', 'Private')], ['ports', arr(obj(['port', num(c.port)], ['protocol', choice('TCP', 'UDP')]))]),
  },
  { label: 'livenessProbe (HTTP)', detail: 'restart the container when it stops answering', at: CONTAINERS, key: 'livenessProbe', skel: probe },
  { label: 'readinessProbe (HTTP)', detail: 'route traffic only when it answers', at: CONTAINERS, key: 'readinessProbe', skel: probe },
];

/** `properties/containers/#/...` form of a group-relative path (names compared ignoring case). */
export function pattern(path: readonly PathSegment[]): string {
  return path.map((s) => (typeof s === 'number' ? '#' : looseName(s))).join('/');
}

export function blocksAt(blocks: Block[], path: readonly PathSegment[]): Block[] {
  const p = pattern(path);
  return blocks.filter((b) => b.at.split('/').map((s) => (s === '#' ? s : looseName(s))).join('/') === p);
}
