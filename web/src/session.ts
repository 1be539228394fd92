import { signal } from '@preact/signals';
import type { Me } from '../../contracts/account';
import { call } from './api/call';
import { ApiError, onUnauthorised } from './api/client';

export type { Me };

/** The signed-in person as `GET /api/auth/me` answers, or null when nobody is signed in; `undefined` while the first check runs. */
export const me = signal<Me | null | undefined>(undefined);

export async function refreshMe(): Promise<Me | null> {
  try {
    me.value = await call('GET /api/auth/me', {});
  } catch (cause) {
    if (cause instanceof ApiError && (cause.status === 401 || cause.status === 403)) me.value = null;
    else throw cause;
  }
  return me.value;
}

onUnauthorised(() => {
  me.value = null;
});
