import type { Me } from '@meterline/contract/users';

/**
 * The signed-in user as `me/` last answered (docs/offline.md): the app opens offline without asking the
 * server. Apart from the rest of the field data so that signing in needs none of TanStack Query.
 */
const ME_STORAGE_KEY = 'meterline.offline.me';

export function rememberSignedInUser(user: Me): void {
  localStorage.setItem(ME_STORAGE_KEY, JSON.stringify(user));
}

/** The user `me/` last answered, when it is the one the stored token belongs to. */
export function rememberedUser(userId: number | null): Me | null {
  if (userId === null) return null;
  try {
    const user = JSON.parse(localStorage.getItem(ME_STORAGE_KEY) ?? 'null') as Me | null;
    return user?.id === userId ? user : null;
  } catch {
    return null;
  }
}

export function forgetRememberedUser(): void {
  localStorage.removeItem(ME_STORAGE_KEY);
}
