/**
 * The viewer tokens image requests carry, one per study (the window's own and a prior opened beside it):
 * cornerstone/setup.ts adds the one of the request's study as it opens. Kept apart from Cornerstone so the
 * page can set them before Cornerstone's chunk has loaded; a renewal replaces one.
 */
const tokens = new Map<string, string>();

export const setImageToken = (studyIuid: string, token: string) => {
  tokens.set(studyIuid, token);
};

/** The token of the study a /wado address names ('' when none was given for it). */
export const imageToken = (url: string) => {
  const q = new URLSearchParams(url.split('?', 2)[1] ?? '');
  return tokens.get(q.get('studyUID') ?? '') ?? '';
};
