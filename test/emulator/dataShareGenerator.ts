// Deterministic Data Share listings. Everything is seeded by account, share subscription and
// synchronization names, so the same request returns the same data in every run.
import { guidFrom, guidOf, hashBytes, intBetween, randomOf, seededRandom } from './deterministic';

export const DATA_SET_TYPES = [
  'AdlsGen1File', 'AdlsGen1Folder', 'AdlsGen2File', 'AdlsGen2FileSystem', 'AdlsGen2Folder', 'Blob', 'BlobFolder',
  'Container', 'KustoCluster', 'KustoDatabase', 'KustoTable', 'SqlDBTable', 'SqlDWTable', 'SynapseWorkspaceSqlPoolTable',
] as const;

const TABLE_TYPES = new Set<string>(['KustoCluster', 'KustoDatabase', 'KustoTable', 'SqlDBTable', 'SqlDWTable', 'SynapseWorkspaceSqlPoolTable']);

/** Payloads for XSS and spreadsheet-formula injection tests (share subscription names containing "hostile"). */
export const HOSTILE_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '</script><script>alert(1)</script>',
  '<style>body{display:none}</style>',
  '=HYPERLINK("http://x")',
  '@SUM(1)',
  '+1',
  '-1',
  '"quoted", with, commas',
  "javascript:alert('x')",
] as const;

/** The "epoch" of generated history: newest synchronization starts here, older ones a day apart. */
const NEWEST_SYNC_START = Date.parse('2024-03-01T02:00:00Z');

export interface Sizes {
  rows: number;
  pageSize: number;
  settings: number;
  syncs: number;
  hostile: boolean;
  churn: boolean;
}

function sizeFromName(name: string, key: string, fallback: number, min: number): number {
  const m = new RegExp(`${key}-(\\d+)`, 'i').exec(name);
  return m ? Math.max(min, Math.min(Number(m[1]), 10_000_000)) : fallback;
}

/** Sizes are picked through the share subscription name: rows-N, pagesize-M, settings-K, syncs-S, hostile, churn. */
export function sizesFor(shareSubscriptionName: string): Sizes {
  return {
    rows: sizeFromName(shareSubscriptionName, 'rows', 120, 0),
    pageSize: sizeFromName(shareSubscriptionName, 'pagesize', 50, 1),
    settings: sizeFromName(shareSubscriptionName, 'settings', 3, 0),
    syncs: sizeFromName(shareSubscriptionName, 'syncs', 5, 0),
    hostile: /hostile/i.test(shareSubscriptionName),
    churn: /churn/i.test(shareSubscriptionName),
  };
}

/** Page size of the source settings listing (small so it always has several pages). */
export const SETTINGS_PAGE_SIZE = 2;

export interface Synchronization {
  synchronizationId: string;
  synchronizationMode: 'FullSync' | 'Incremental';
  status: string;
  message?: string;
  startTime: string;
  endTime?: string;
  durationMs?: number;
}

export interface SynchronizationDetail {
  dataSetId: string;
  dataSetType: string;
  name: string;
  status: string;
  message?: string;
  startTime: string;
  endTime: string;
  durationMs: number;
  filesRead: number;
  filesWritten: number;
  rowsRead: number;
  rowsCopied: number;
  sizeRead: number;
  sizeWritten: number;
  vCore: number;
}

export interface SourceSetting {
  kind: 'ScheduleBased';
  properties: { recurrenceInterval: 'Hour' | 'Day'; synchronizationTime: string };
}

const SYNC_STATUS_CYCLE = ['Succeeded', 'Failed', 'Succeeded', 'Queued', 'Succeeded', 'Succeeded', 'Canceled'];

/** Newest first. Index 0 is the most recent synchronization. */
export function generateSynchronizations(account: string, shareSubscription: string): Synchronization[] {
  const { syncs, hostile } = sizesFor(shareSubscription);
  const out: Synchronization[] = [];
  for (let i = 0; i < syncs; i++) {
    const rand = seededRandom('sync', account, shareSubscription, i);
    const status = SYNC_STATUS_CYCLE[i % SYNC_STATUS_CYCLE.length];
    const start = NEWEST_SYNC_START - i * 86_400_000 + intBetween(rand, 0, 59) * 1000;
    const sync: Synchronization = {
      synchronizationId: guidFrom('sync', account, shareSubscription, i),
      synchronizationMode: i === syncs - 1 ? 'FullSync' : 'Incremental',
      status,
      startTime: new Date(start).toISOString(),
    };
    if (status !== 'Queued') {
      const duration = intBetween(rand, 20_000, 1_800_000);
      sync.durationMs = duration;
      sync.endTime = new Date(start + duration).toISOString();
    }
    if (status === 'Failed') sync.message = hostile ? HOSTILE_PAYLOADS[i % HOSTILE_PAYLOADS.length] : 'One or more data sets failed to synchronize.';
    if (status === 'Canceled') sync.message = 'The synchronization was canceled by the user.';
    if (hostile && !sync.message) sync.message = HOSTILE_PAYLOADS[(i + 1) % HOSTILE_PAYLOADS.length];
    out.push(sync);
  }
  return out;
}

function dataSetName(type: string, index: number, hostile: boolean): string {
  if (hostile && index % 2 === 0) {
    const payload = HOSTILE_PAYLOADS[(index / 2) % HOSTILE_PAYLOADS.length];
    return index < HOSTILE_PAYLOADS.length * 2 ? payload : `${payload}-${index}`;
  }
  const n = String(index).padStart(5, '0');
  if (TABLE_TYPES.has(type)) return `dbo.table_${n}`;
  if (type.endsWith('File')) return `raw/exports/file-${n}.parquet`;
  return `dataset-${n}`;
}

const FAILURE_MESSAGES = [
  'Copy failed: the source file was not found.',
  'Copy failed: the sink storage account denied access (403).',
  'Copy failed: schema mismatch in column "amount".',
];

/**
 * With `churn`, data set i (from index 2 on) is left out of the synchronization at index s (0 = newest) when
 * (i + s) is a multiple of 10. A provider adds data sets to a share and consumers map or unmap them over time
 * (New-AzDataShareDataSet, https://learn.microsoft.com/powershell/module/az.datashare/new-azdatasharedataset;
 * https://learn.microsoft.com/azure/data-share/how-to-configure-mapping), so two synchronizations of one share
 * subscription need not list the same data sets.
 */
export function churnedOut(index: number, syncIndex: number): boolean {
  return index >= 2 && (index + syncIndex) % 10 === 0;
}

/** One record per data set for the given synchronization; the same data sets appear in every synchronization, unless `churn`. */
export function generateDetails(account: string, shareSubscription: string, synchronizationId: string): SynchronizationDetail[] {
  const { rows, hostile, churn } = sizesFor(shareSubscription);
  const syncs = generateSynchronizations(account, shareSubscription);
  const syncIndex = syncs.findIndex((s) => s.synchronizationId === synchronizationId);
  const syncStart = Date.parse(syncs[syncIndex]?.startTime ?? new Date(NEWEST_SYNC_START).toISOString());
  const out: SynchronizationDetail[] = new Array(rows);
  for (let i = 0; i < rows; i++) {
    // The data set's GUID and its type come from the same hash: once per row, not twice (100,000-row listings).
    const dataSetHash = hashBytes('dataset', account, shareSubscription, i);
    const typeRand = randomOf(dataSetHash);
    const type = DATA_SET_TYPES[Math.floor(typeRand() * DATA_SET_TYPES.length)];
    const rand = seededRandom('detail', account, shareSubscription, synchronizationId, i);
    // Index 1 always fails so even small listings contain a failure; otherwise about 8 % do.
    const failed = i === 1 || rand() < 0.08;
    const table = TABLE_TYPES.has(type);
    const start = syncStart + intBetween(rand, 0, 600) * 1000;
    const durationMs = intBetween(rand, 150, 900_000);
    const sizeRead = intBetween(rand, 1_024, 2_000_000_000) * (table ? 1 : intBetween(rand, 1, 50));
    const filesRead = table ? 0 : intBetween(rand, 1, 5_000);
    const rowsRead = table ? intBetween(rand, 1, 50_000_000) : 0;
    const ratio = failed ? rand() * 0.9 : 1;
    const detail: SynchronizationDetail = {
      dataSetId: guidOf(dataSetHash),
      dataSetType: type,
      name: dataSetName(type, i, hostile),
      status: failed ? 'Failed' : 'Succeeded',
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + durationMs).toISOString(),
      durationMs,
      filesRead,
      filesWritten: Math.floor(filesRead * ratio),
      rowsRead,
      rowsCopied: Math.floor(rowsRead * ratio),
      sizeRead,
      sizeWritten: Math.floor(sizeRead * ratio),
      vCore: intBetween(rand, 1, 64),
    };
    if (failed) detail.message = hostile ? HOSTILE_PAYLOADS[i % HOSTILE_PAYLOADS.length] : FAILURE_MESSAGES[i % FAILURE_MESSAGES.length];
    else if (hostile) detail.message = HOSTILE_PAYLOADS[(i + 3) % HOSTILE_PAYLOADS.length];
    out[i] = detail;
  }
  return churn ? out.filter((_d, i) => !churnedOut(i, syncIndex)) : out;
}

export function generateSourceSettings(account: string, shareSubscription: string): SourceSetting[] {
  const { settings } = sizesFor(shareSubscription);
  const out: SourceSetting[] = [];
  for (let i = 0; i < settings; i++) {
    const rand = seededRandom('setting', account, shareSubscription, i);
    const time = Date.parse('2019-03-15T00:00:00Z') + intBetween(rand, 0, 86_399) * 1000;
    out.push({
      kind: 'ScheduleBased',
      properties: { recurrenceInterval: i % 2 === 0 ? 'Hour' : 'Day', synchronizationTime: new Date(time).toISOString().replace('.000Z', 'Z') },
    });
  }
  return out;
}
