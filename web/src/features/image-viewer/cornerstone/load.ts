/**
 * Cornerstone is a chunk of its own, asked for as soon as the viewer's route code runs: it downloads while
 * the page renders and the token and study are asked for, and no other page ever loads it.
 */
let loading: Promise<typeof import('./stack-view')> | null = null;

export const loadStackView = () => (loading ??= import('./stack-view'));
