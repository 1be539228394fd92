import type { ScreenRoute } from '../../router';
import { AccountScreen } from './account-screen';
import { AdminScreen } from './admin-screen';
import { InvitationScreen } from './invitation-screen';
import { MembersScreen } from './members-screen';
import { ProjectOverviewScreen } from './project-overview-screen';
import { ProjectsScreen } from './projects-screen';
import { RegisterScreen } from './register-screen';
import { SecretsScreen } from './secrets-screen';
import { SettingsScreen } from './settings-screen';
import { SetupScreen } from './setup-screen';
import { SignInScreen } from './sign-in-screen';
import { TokensScreen } from './tokens-screen';
import { WorkspacesScreen } from './workspaces-screen';

/** Screens of the account area; the shell joins every area's list (web/src/app.tsx). */
export const accountRoutes: ScreenRoute[] = [
  { path: '/', title: 'Workspaces', component: WorkspacesScreen },
  { path: '/setup', title: 'Set up', component: SetupScreen, public: true },
  { path: '/sign-in', title: 'Sign in', component: SignInScreen, public: true },
  { path: '/register', title: 'Create an account', component: RegisterScreen, public: true },
  { path: '/invitations/:invitationId', title: 'Invitation', component: InvitationScreen, public: true },
  { path: '/account', title: 'Your account', component: AccountScreen },
  { path: '/admin', title: 'Administration', component: AdminScreen },
  { path: '/w/:workspaceId', title: 'Projects', component: ProjectsScreen },
  { path: '/w/:workspaceId/members', title: 'Members', component: MembersScreen },
  { path: '/w/:workspaceId/tokens', title: 'Agent tokens', component: TokensScreen },
  { path: '/w/:workspaceId/settings', title: 'Settings', component: SettingsScreen },
  { path: '/w/:workspaceId/secrets', title: 'Credentials', component: SecretsScreen },
  { path: '/w/:workspaceId/p/:projectId', title: 'Project', component: ProjectOverviewScreen },
];
