import type { ScreenRoute } from '../../router';
import { ArchitectureProposalScreen } from './architecture-proposal-screen';
import { FlowProposalScreen } from './flow-proposal-screen';
import { ArchitectureProposalsScreen, FlowProposalsScreen } from './proposal-list-screen';

/** Screens of the AI area (docs/ai-proposals.md); the shell joins every area's list (web/src/app.tsx). */
export const aiRoutes: ScreenRoute[] = [
  { path: '/w/:workspaceId/p/:projectId/ai', title: 'Flow proposals', component: FlowProposalsScreen },
  { path: '/w/:workspaceId/p/:projectId/ai/architecture', title: 'Architecture proposals', component: ArchitectureProposalsScreen },
  { path: '/w/:workspaceId/p/:projectId/ai/flow/:proposalId', title: 'Flow proposal', component: FlowProposalScreen },
  { path: '/w/:workspaceId/p/:projectId/ai/architecture/:proposalId', title: 'Architecture proposal', component: ArchitectureProposalScreen },
];
