import type { TFunction } from 'i18next';

/** What to tell the user about a failed attempt (bridge errors carry an id, server errors a message). */
export function describeFailure(e: unknown, t: TFunction<'account'>): string {
  const id = typeof e === 'object' && e !== null && 'id' in e ? String((e as { id: unknown }).id) : '';
  if (id === 'PIN_INCORRECT') {
    const left = (e as { data?: { triesLeft?: number | null } }).data?.triesLeft;
    return typeof left === 'number' ? t('cert.pinWrongLeft', { left }) : t('cert.pinWrong');
  }
  if (id === 'PIN_LOCKED') return t('cert.pinLocked');
  if (id === 'TOKEN_NOT_PRESENT') return t('cert.keyGone');
  return (e instanceof Error && e.message) || t('cert.failed');
}
