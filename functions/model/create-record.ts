import type { Operation } from '../../lib/http/api-types';
import { runRecordEdit } from './edit-record';

/** POST P/{kind} (editor): 201 the record; the ID is the caller's or a new one; 409 when it is in use. */
export const createRecord: Operation = (request) => runRecordEdit(request, () => ({ type: 'create', entry: request.body }));
