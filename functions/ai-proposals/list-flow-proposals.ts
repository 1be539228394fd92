import type { Operation } from '../../lib/http/api-types';
import { listProposalsOf } from './proposal-operations';

/** GET P/ai/flow-proposals (viewer): proposal summaries, newest first; query cursor, limit, status, submitted, mine, decided. */
export const listFlowProposals: Operation = listProposalsOf('flow');
