import type { Operation } from '../../lib/http/api-types';
import { runRecordEdit } from './edit-record';

/** PUT P/{kind}/{id} (editor): replaces the record; a body ID must be the path's. */
export const replaceRecord: Operation = (request) => runRecordEdit(request, (id) => ({ type: 'replace', id: id!, entry: request.body }));
