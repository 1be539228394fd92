import { call } from '../../api/call';
import { useLoad } from '../../components/use-load';

/** `GET /api/setup/status`: whether setup is due, its proof, registration and the external providers offered. */
export function useSetupStatus() {
  return useLoad((signal) => call('GET /api/setup/status', {}, { signal }), []);
}
