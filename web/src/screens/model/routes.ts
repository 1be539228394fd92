import type { ScreenRoute } from '../../router';
import { HistoryScreen } from './history-screen';
import { isSection, sectionLabels } from './model-api';
import { ModelScreen } from './model-screen';
import { RecordEditScreen } from './record-edit-screen';
import { RecordScreen } from './record-screen';
import { ReviewScreen } from './review-screen';
import { TransferScreen } from './transfer-screen';

const singular = (section: string | undefined) => (isSection(section) ? sectionLabels[section].singular : 'record');

/** Screens of the model area; the shell joins every area's list (web/src/app.tsx). `new` comes before `:id`. */
export const modelRoutes: ScreenRoute[] = [
  { path: '/w/:workspaceId/p/:projectId/model', title: 'Model', component: ModelScreen },
  { path: '/w/:workspaceId/p/:projectId/model/:section/new', title: (p) => `New ${singular(p.section)}`, component: RecordEditScreen },
  { path: '/w/:workspaceId/p/:projectId/model/:section/:id', title: (p) => `Model ${singular(p.section)}`, component: RecordScreen },
  { path: '/w/:workspaceId/p/:projectId/model/:section/:id/edit', title: (p) => `Edit ${singular(p.section)}`, component: RecordEditScreen },
  { path: '/w/:workspaceId/p/:projectId/history', title: 'Revisions and branches', component: HistoryScreen },
  { path: '/w/:workspaceId/p/:projectId/branches/:branchId/review', title: 'Review of a branch', component: ReviewScreen },
  { path: '/w/:workspaceId/p/:projectId/transfer', title: 'Import and export', component: TransferScreen },
];
