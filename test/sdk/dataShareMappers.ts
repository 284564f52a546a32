/**
 * Mappers for the Data Share operations the product uses, written from the 2021-08-01 swagger (Azure/azure-rest-api-specs
 * specification/datashare/resource-manager/Microsoft.DataShare/stable/2021-08-01/DataShare.json), in the form the
 * official @azure/core-client serializer reads: `required` and the enums are the swagger's, flattened `properties.*`
 * as its x-ms-client-flatten says. No JavaScript SDK for Microsoft.DataShare is published, so these stand in for one.
 */
import type { CompositeMapper, Mapper } from '@azure/core-client';

const str = (serializedName: string, extra: Partial<Mapper> = {}): Mapper => ({ serializedName, type: { name: 'String' }, ...extra });
const num = (serializedName: string): Mapper => ({ serializedName, type: { name: 'Number' } });
const date = (serializedName: string): Mapper => ({ serializedName, type: { name: 'DateTime' } });
const enumOf = (serializedName: string, allowedValues: string[], extra: Partial<Mapper> = {}): Mapper => ({ serializedName, type: { name: 'Enum', allowedValues }, ...extra });
const listOf = (className: string): CompositeMapper => ({
  serializedName: `${className}List`,
  type: {
    name: 'Composite',
    className: `${className}List`,
    modelProperties: {
      nextLink: str('nextLink'),
      value: { serializedName: 'value', required: true, type: { name: 'Sequence', element: { type: { name: 'Composite', className } } } },
    },
  },
});
const proxy = { id: str('id', { readOnly: true }), name: str('name', { readOnly: true }), type: str('type', { readOnly: true }) };
const PROVISIONING = ['Succeeded', 'Creating', 'Deleting', 'Moving', 'Failed'];
const MODES = ['Incremental', 'FullSync'];
const INTERVALS = ['Hour', 'Day'];

export const ShareSubscriptionSynchronization: CompositeMapper = {
  serializedName: 'ShareSubscriptionSynchronization',
  type: {
    name: 'Composite',
    className: 'ShareSubscriptionSynchronization',
    modelProperties: {
      durationMs: num('durationMs'),
      endTime: date('endTime'),
      message: str('message'),
      startTime: date('startTime'),
      // "Raw Status": a free string in the swagger.
      status: str('status'),
      synchronizationId: str('synchronizationId', { required: true }),
      synchronizationMode: enumOf('synchronizationMode', MODES),
    },
  },
};

export const SynchronizationDetails: CompositeMapper = {
  serializedName: 'SynchronizationDetails',
  type: {
    name: 'Composite',
    className: 'SynchronizationDetails',
    modelProperties: {
      dataSetId: str('dataSetId'),
      dataSetType: enumOf('dataSetType', ['Blob', 'Container', 'BlobFolder', 'AdlsGen2FileSystem', 'AdlsGen2Folder', 'AdlsGen2File', 'AdlsGen1Folder', 'AdlsGen1File', 'KustoCluster', 'KustoDatabase', 'KustoTable', 'SqlDBTable', 'SqlDWTable', 'SynapseWorkspaceSqlPoolTable']),
      durationMs: num('durationMs'),
      endTime: date('endTime'),
      filesRead: num('filesRead'),
      filesWritten: num('filesWritten'),
      message: str('message'),
      name: str('name'),
      rowsCopied: num('rowsCopied'),
      rowsRead: num('rowsRead'),
      sizeRead: num('sizeRead'),
      sizeWritten: num('sizeWritten'),
      startTime: date('startTime'),
      status: str('status'),
      vCore: num('vCore'),
    },
  },
};

export const SourceShareSynchronizationSetting: CompositeMapper = {
  serializedName: 'SourceShareSynchronizationSetting',
  type: {
    name: 'Composite',
    className: 'SourceShareSynchronizationSetting',
    modelProperties: {
      kind: enumOf('kind', ['ScheduleBased'], { required: true }),
      recurrenceInterval: enumOf('properties.recurrenceInterval', INTERVALS),
      synchronizationTime: date('properties.synchronizationTime'),
    },
  },
};

/** ScheduledTrigger (kind ScheduleBased); ScheduledTriggerProperties requires recurrenceInterval and synchronizationTime. */
export const Trigger: CompositeMapper = {
  serializedName: 'Trigger',
  type: {
    name: 'Composite',
    className: 'Trigger',
    modelProperties: {
      ...proxy,
      kind: enumOf('kind', ['ScheduleBased'], { required: true }),
      createdAt: date('properties.createdAt'),
      provisioningState: enumOf('properties.provisioningState', PROVISIONING),
      recurrenceInterval: enumOf('properties.recurrenceInterval', INTERVALS, { required: true }),
      synchronizationMode: enumOf('properties.synchronizationMode', MODES),
      synchronizationTime: { ...date('properties.synchronizationTime'), required: true },
      triggerStatus: enumOf('properties.triggerStatus', ['Active', 'Inactive', 'SourceSynchronizationSettingDeleted']),
      userName: str('properties.userName'),
    },
  },
};

/** The properties every *DataSetMapping shares (each kind requires dataSetId); the sink's own fields vary by kind. */
export const DataSetMapping: CompositeMapper = {
  serializedName: 'DataSetMapping',
  type: {
    name: 'Composite',
    className: 'DataSetMapping',
    modelProperties: {
      ...proxy,
      kind: enumOf('kind', ['Blob', 'Container', 'BlobFolder', 'AdlsGen2FileSystem', 'AdlsGen2Folder', 'AdlsGen2File', 'KustoCluster', 'KustoDatabase', 'KustoTable', 'SqlDBTable', 'SqlDWTable', 'SynapseWorkspaceSqlPoolTable'], { required: true }),
      dataSetId: str('properties.dataSetId', { required: true }),
      dataSetMappingStatus: enumOf('properties.dataSetMappingStatus', ['Ok', 'Broken']),
      provisioningState: enumOf('properties.provisioningState', PROVISIONING),
    },
  },
};

export const ConsumerSourceDataSet: CompositeMapper = {
  serializedName: 'ConsumerSourceDataSet',
  type: {
    name: 'Composite',
    className: 'ConsumerSourceDataSet',
    modelProperties: {
      ...proxy,
      dataSetId: str('properties.dataSetId'),
      dataSetLocation: str('properties.dataSetLocation'),
      dataSetName: str('properties.dataSetName'),
      dataSetPath: str('properties.dataSetPath'),
      dataSetType: str('properties.dataSetType'),
    },
  },
};

export const OperationResponse: CompositeMapper = {
  serializedName: 'OperationResponse',
  type: {
    name: 'Composite',
    className: 'OperationResponse',
    modelProperties: {
      endTime: date('endTime'),
      error: { serializedName: 'error', type: { name: 'Composite', className: 'DataShareErrorInfo' } },
      startTime: date('startTime'),
      status: enumOf('status', ['Accepted', 'InProgress', 'TransientFailure', 'Succeeded', 'Failed', 'Canceled'], { required: true }),
    },
  },
};

export const DataShareErrorInfo: CompositeMapper = {
  serializedName: 'DataShareErrorInfo',
  type: {
    name: 'Composite',
    className: 'DataShareErrorInfo',
    modelProperties: {
      code: str('code', { required: true }),
      message: str('message', { required: true }),
      target: str('target'),
      details: { serializedName: 'details', type: { name: 'Sequence', element: { type: { name: 'Composite', className: 'DataShareErrorInfo' } } } },
    },
  },
};

export const DataShareError: CompositeMapper = {
  serializedName: 'DataShareError',
  type: { name: 'Composite', className: 'DataShareError', modelProperties: { error: { serializedName: 'error', required: true, type: { name: 'Composite', className: 'DataShareErrorInfo' } } } },
};

export const ShareSubscriptionSynchronizationList = listOf('ShareSubscriptionSynchronization');
export const SynchronizationDetailsList = listOf('SynchronizationDetails');
export const SourceShareSynchronizationSettingList = listOf('SourceShareSynchronizationSetting');
export const TriggerList = listOf('Trigger');
export const DataSetMappingList = listOf('DataSetMapping');
export const ConsumerSourceDataSetList = listOf('ConsumerSourceDataSet');

/** Account: identity required (Identity.type enum SystemAssigned); AccountProperties all read-only. */
export const Account: CompositeMapper = {
  serializedName: 'Account',
  type: {
    name: 'Composite',
    className: 'Account',
    modelProperties: {
      ...proxy,
      location: str('location'),
      identity: { serializedName: 'identity', required: true, type: { name: 'Composite', className: 'Identity', modelProperties: { type: enumOf('type', ['SystemAssigned']), principalId: str('principalId'), tenantId: str('tenantId') } } },
      createdAt: date('properties.createdAt'),
      provisioningState: enumOf('properties.provisioningState', PROVISIONING),
      userEmail: str('properties.userEmail'),
      userName: str('properties.userName'),
    },
  },
};

/** ShareSubscription: ShareSubscriptionProperties requires invitationId and sourceShareLocation. */
export const ShareSubscription: CompositeMapper = {
  serializedName: 'ShareSubscription',
  type: {
    name: 'Composite',
    className: 'ShareSubscription',
    modelProperties: {
      ...proxy,
      createdAt: date('properties.createdAt'),
      invitationId: str('properties.invitationId', { required: true }),
      provisioningState: enumOf('properties.provisioningState', PROVISIONING),
      shareKind: enumOf('properties.shareKind', ['CopyBased', 'InPlace']),
      shareName: str('properties.shareName'),
      shareSubscriptionStatus: enumOf('properties.shareSubscriptionStatus', ['Active', 'Revoked', 'SourceDeleted', 'Revoking']),
      sourceShareLocation: str('properties.sourceShareLocation', { required: true }),
    },
  },
};

export const AccountList = listOf('Account');
export const ShareSubscriptionList = listOf('ShareSubscription');

