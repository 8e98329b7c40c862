import { createContext, useContext } from 'react';

/** Height of the frame's fixed header (0 when it scrolls away): where a list's sticky table header stops. */
export const StickyTopContext = createContext(0);

export const useStickyTop = () => useContext(StickyTopContext);
