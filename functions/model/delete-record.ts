import type { Operation } from '../../lib/http/api-types';
import { runRecordEdit } from './edit-record';

/** DELETE P/{kind}/{id} (editor): 204; 409 naming the referrers when others refer to it. */
export const deleteRecord: Operation = (request) => runRecordEdit(request, (id) => ({ type: 'delete', id: id! }));
