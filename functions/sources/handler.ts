import { createGroupHandler } from '../../lib/http/create-group-handler';
import { acceptSource } from './accept-source';
import { setApmKey, testApm, testSourceApm } from './apm-endpoints';
import { bulkAddSources } from './bulk-add-sources';
import { compareSnapshots } from './compare-snapshots';
import { createSource } from './create-source';
import { deleteSource } from './delete-source';
import { getPushSettings } from './get-push-settings';
import { getSource } from './get-source';
import { listSourceKinds } from './list-source-kinds';
import { listRepositories } from './list-repositories';
import { listSnapshots } from './list-snapshots';
import { listSourceBindings } from './list-source-bindings';
import { listSourceDocuments } from './list-source-documents';
import { listSources } from './list-sources';
import { pushSnapshot } from './push-snapshot';
import { renameSource } from './rename-source';
import { startSourceScan } from './start-source-scan';
import { uploadArchive } from './upload-archive';
import { uploadModelFile } from './upload-model-file';
import { uploadTraces } from './upload-traces';

export const handler = createGroupHandler('sources', {
  'list-sources': listSources,
  'create-source': createSource,
  'list-source-kinds': listSourceKinds,
  'get-source': getSource,
  'rename-source': renameSource,
  'delete-source': deleteSource,
  'start-source-scan': startSourceScan,
  'accept-source': acceptSource,
  'list-snapshots': listSnapshots,
  'compare-snapshots': compareSnapshots,
  'upload-model-file': uploadModelFile,
  'upload-archive': uploadArchive,
  'list-repositories': listRepositories,
  'bulk-add-sources': bulkAddSources,
  'list-source-documents': listSourceDocuments,
  'list-source-bindings': listSourceBindings,
  'upload-traces': uploadTraces,
  'get-push-settings': getPushSettings,
  'push-snapshot': pushSnapshot,
  'set-apm-key': setApmKey,
  'test-source-apm': testSourceApm,
  'test-apm': testApm,
});
