import { signal } from '@preact/signals';
import { ApiError, api, onUnauthorised } from './api/client';

/** The signed-in person as `GET /api/auth/me` answers (DECISIONS.md), or null when nobody is signed in. */
export interface Me {
  user: { id: string; email: string; name: string; isInstanceAdmin: boolean; createdAt: string };
  workspaces: { id: string; name: string; role: string }[];
}

/** `undefined` while the first check runs. */
export const me = signal<Me | null | undefined>(undefined);

export async function refreshMe(): Promise<Me | null> {
  try {
    me.value = await api.get<Me>('/api/auth/me');
  } catch (cause) {
    if (cause instanceof ApiError && (cause.status === 401 || cause.status === 403)) me.value = null;
    else throw cause;
  }
  return me.value;
}

onUnauthorised(() => {
  me.value = null;
});
