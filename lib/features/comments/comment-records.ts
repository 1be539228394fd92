/**
 * Threads, comments, questions and decisions as the API answers them (docs/comments.md
 * "Records"): the types are the contracts' (contracts/comments.ts). Dates are ISO 8601 UTC;
 * actors are `user:<id>`.
 */
import type { Same } from '../../../contracts/schema-kit';
import type { targetKinds } from '../../../contracts/comments';
import type { modelKinds } from '../../core/model/model-records';

export { targetKinds, threadStatuses } from '../../../contracts/comments';
export type { CommentView, DecisionView, PersonRef, QuestionRef, QuestionView, TargetKind, ThreadStatus, ThreadSummary, ThreadTarget, ThreadView } from '../../../contracts/comments';

/** The target kinds begin with every kind of model record, in the model's order, then the others. */
const targetKindsFollowTheModel: Same<typeof targetKinds, readonly [...typeof modelKinds, 'scenario', 'view', 'proposal', 'cost-resource']> = true;
void targetKindsFollowTheModel;
