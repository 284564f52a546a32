// Data Share records read defensively: one record the service sends malformed (a number where text belongs, null,
// an array) is skipped and counted instead of turning the whole data set list into an error. The well-formed
// records are those of the DataSetMappings_ListByShareSubscription and ConsumerSourceDataSets_ListByShareSubscription
// examples (Azure/azure-rest-api-specs specification/datashare/resource-manager/Microsoft.DataShare/stable/2021-08-01).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataSetLandings } from '../../src/core/synchronization/dataSetLandings';
import { isScheduleTrigger, triggerReplaced } from '../../src/core/synchronization/schedule';

const source = (id: unknown, name: unknown = 'input.text') => ({ properties: { dataSetId: id, dataSetType: 'Blob', dataSetName: name, dataSetPath: 'cars.text' }, name: 'invitation1' });
const mapping = (id: unknown, status: unknown = 'Ok') => ({ kind: 'Blob', properties: { dataSetId: id, storageAccountName: 'storage2', filePath: 'file21', containerName: 'C1', dataSetMappingStatus: status } });

test('a record with a non-string data set id is skipped and counted; the others are shown', () => {
  const { landings, skipped } = dataSetLandings(
    [source('0b9d4394'), source(42), null, 'text', source('a08f184b', { name: 'x' })],
    [mapping('0B9D4394'), mapping(7), mapping('a08f184b', 3), [1]],
    [{ dataSetId: 12, status: 'Failed' }, { dataSetId: 'a08f184b', status: { text: 'Completed' }, message: 99 }, { dataSetId: '0b9d4394', status: 'Completed' }],
  );
  assert.deepEqual(
    landings.map((l) => [l.dataSetId, l.name, l.sink?.where, l.sink?.broken, l.lastStatus, l.lastMessage]),
    [
      ['0b9d4394', 'input.text', 'storage2 / C1 / file21', false, 'Completed', undefined],
      // A name, status or message of the wrong type reads as absent: the record's own name stands in.
      ['a08f184b', 'invitation1', 'storage2 / C1 / file21', false, undefined, undefined],
    ],
  );
  // Sources: 42, null, 'text'; mappings: 7, [1]; details: 12.
  assert.equal(skipped, 6);
});

test('a trigger record with a non-string kind or name is not taken for a schedule trigger', () => {
  assert.equal(isScheduleTrigger({ kind: 5 } as never), false);
  assert.equal(isScheduleTrigger(null as never), false);
  assert.equal(triggerReplaced('ScheduleTrigger', [{ name: 3 } as never, null as never, { name: 'ScheduleTrigger' }])?.name, 'ScheduleTrigger');
});

test('a malformed record in the synchronization listing is passed over, not the end of the reading', async () => {
  const { latestSynchronization } = await import('../../src/core/synchronization/shareSubscriptionReads');
  const { ArmClient } = await import('../../src/core/arm/client');
  const { StaticTokenProvider } = await import('./armHarness');
  const { createServer } = await import('node:http');
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ value: [null, 42, { synchronizationId: 7, status: 'InProgress' }, { synchronizationId: 'b', status: 'Completed', startTime: '2026-11-28T10:00:00Z' }, { synchronizationId: 'a', status: 'InProgress', startTime: '2026-11-28T11:00:00Z' }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  try {
    const port = (server.address() as { port: number }).port;
    const client = new ArmClient({ endpoint: `http://127.0.0.1:${port}`, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000, maxRetries: 0 });
    const latest = await latestSynchronization(client, { subscriptionId: '00000000-0000-0000-0000-000000000000', resourceGroup: 'rg', accountName: 'acct', shareSubscriptionName: 'ss' });
    assert.equal(latest?.synchronizationId, 'a');
  } finally {
    server.close();
  }
});
