import { api } from '../../api/client';
import { useLoad } from '../../components/use-load';
import type { SetupStatus } from './account-api';

/** `GET /api/setup/status`: whether setup is due, its proof, registration and the external providers offered. */
export function useSetupStatus() {
  return useLoad((signal) => api.get<SetupStatus>('/api/setup/status', { signal }), []);
}
