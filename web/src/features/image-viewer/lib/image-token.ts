/**
 * The viewer token image requests carry (cornerstone/setup.ts adds it as each request opens). Kept apart
 * from Cornerstone so the page can set it before Cornerstone's chunk has loaded; a renewal replaces it.
 */
let current = '';

export const setImageToken = (token: string) => {
  current = token;
};

export const imageToken = () => current;
