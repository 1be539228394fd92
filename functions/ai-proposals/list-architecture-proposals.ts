import type { Operation } from '../../lib/http/api-types';
import { listProposalsOf } from './proposal-operations';

/** GET P/ai/architecture-proposals (viewer): proposal summaries, newest first; query cursor, limit, status, submitted, mine, decided. */
export const listArchitectureProposals: Operation = listProposalsOf('architecture');
