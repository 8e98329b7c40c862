/** The address a static page route leads to: page2 carries its newId and newTitle as query parameters. */
export function staticTarget(
  base: string,
  params: { newId?: string; newTitle?: string },
  origin = window.location.origin,
): string {
  if (!base || params.newId === undefined) return base;
  const url = new URL(base, origin);
  url.searchParams.set('newId', params.newId);
  url.searchParams.set('newTitle', params.newTitle ?? '');
  return url.toString();
}
