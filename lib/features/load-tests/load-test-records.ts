/**
 * The records of the load-test API as it answers them (docs/load-tests.md): the contract's types
 * (contracts/load-tests.ts), which the web client reads too.
 */
export { targetKinds } from '../../../contracts/load-tests';
export type { LoadTestScript, LoadTestTarget, StressRun, StressRunStatus, TargetAuthorisation, TargetKind, TargetOverride } from '../../../contracts/load-tests';
