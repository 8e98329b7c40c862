import { RedirectUriSchema } from '@shared/schemas/apps';

/** The form's text (one redirect URI a line) as the list the server takes: trimmed, blank lines dropped. */
export function splitRedirectUris(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

export const joinRedirectUris = (uris: readonly string[]) => uris.join('\n');

/** The first line the server would refuse (https, or http on 127.0.0.1/localhost only; no fragment). */
export function firstBadRedirectUri(uris: readonly string[]): string | undefined {
  return uris.find((u) => !RedirectUriSchema.safeParse(u).success);
}
