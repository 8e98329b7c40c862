/**
 * vtk.js's XML readers (mesh files, never used by the viewer) import xmlbuilder2, a Node library that needs
 * Node's `events` and breaks in the browser bundle: Vite resolves it to this instead (web/vite.config.ts).
 */
export function create(): never {
  throw new Error('XML meshes are not supported in the web viewer');
}
