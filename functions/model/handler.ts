import { createGroupHandler } from '../../lib/http/create-group-handler';
import { createRecord } from './create-record';
import { deleteRecord } from './delete-record';
import { exportModel } from './export-model';
import { getRecord } from './get-record';
import { importModel } from './import-model';
import { listRecords } from './list-records';
import { replaceRecord } from './replace-record';

export const handler = createGroupHandler('model', {
  'export-model': exportModel,
  'import-model': importModel,
  'list-records': listRecords,
  'create-record': createRecord,
  'get-record': getRecord,
  'replace-record': replaceRecord,
  'delete-record': deleteRecord,
});
