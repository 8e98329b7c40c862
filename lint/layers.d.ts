// The lint plugin is plain JavaScript (eslint loads it as it is); these are the helpers tests use.
export function resolveImport(spec: string, importer: string): string | null;
export function isTestCode(rel: string): boolean;
export function isProduction(rel: string): boolean;
declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
