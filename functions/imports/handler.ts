import { createGroupHandler } from '../../lib/http/create-group-handler';
import { cancelScan } from './cancel-scan';
import { decideProposals } from './decide-proposals';
import { getImpact, getImpactReport } from './get-impact';
import { getProposal } from './get-proposal';
import { getScan } from './get-scan';
import { getSourceWindow } from './get-source-window';
import { listEvidence } from './list-evidence';
import { listProposals } from './list-proposals';
import { listScans } from './list-scans';
import { resumeScan } from './resume-scan';
import { runImpactChecks } from './run-impact-checks';
import { startRepositoryScan } from './start-repository-scan';
import { trackScan } from './track-scan';

export const handler = createGroupHandler('imports', {
  'list-scans': listScans,
  'start-repository-scan': startRepositoryScan,
  'get-scan': getScan,
  'cancel-scan': cancelScan,
  'resume-scan': resumeScan,
  'track-scan': trackScan,
  'list-proposals': listProposals,
  'get-proposal': getProposal,
  'decide-proposals': decideProposals,
  'list-evidence': listEvidence,
  'get-source-window': getSourceWindow,
  'get-impact': getImpact,
  'get-impact-report': getImpactReport,
  'run-impact-checks': runImpactChecks,
});
