import type { Estimate as EstimateAnswer } from '../../../contracts/costs';

/** An estimate as the API answers it (docs/costs.md "Estimates"; contracts/costs.ts). */
export type Estimate = EstimateAnswer;
