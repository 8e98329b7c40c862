// @ts-check
/**
 * Import boundaries between the repository's parts, checked on the file an import really names: each
 * specifier (relative, a tsconfig alias such as `@shared/...`, or baseUrl-relative like `server/src/...`)
 * is resolved against the importing file, so every spelling of one target is judged alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** tsconfig's `paths` as prefix pairs ('@shared/' -> 'shared/src/'), and whether baseUrl is the root. */
function readTsconfig() {
  const { compilerOptions = {} } = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8'));
  const paths = /** @type {Record<string, string[]>} */ (compilerOptions.paths ?? {});
  const aliases = Object.entries(paths).map(([from, [to = '']]) => [from.replace(/\*$/, ''), to.replace(/\*$/, '')]);
  return { aliases, baseUrlIsRoot: compilerOptions.baseUrl === '.' };
}
const tsconfig = readTsconfig();

const toPosix = (/** @type {string} */ p) => p.split(path.sep).join('/');

/** The absolute path an import names, or null for a package. */
function absoluteOf(/** @type {string} */ spec, /** @type {string} */ importer) {
  if (spec.startsWith('.') || spec.startsWith('/')) return path.resolve(path.dirname(importer), spec);
  const alias = tsconfig.aliases.find(([from = '']) => spec.startsWith(from));
  if (alias) return path.join(ROOT, alias[1] ?? '', spec.slice(alias[0]?.length));
  // baseUrl '.' lets TypeScript (and tsx, at run time) take 'server/src/x' from the root.
  const first = spec.split('/')[0] ?? '';
  const fromRoot = tsconfig.baseUrlIsRoot && first !== '' && !first.includes(':') && !first.startsWith('@');
  return fromRoot && existsSync(path.join(ROOT, first)) ? path.join(ROOT, spec) : null;
}

/** The repository-relative path an import names ('../..' and on when outside it), null for a package. */
export function resolveImport(/** @type {string} */ spec, /** @type {string} */ importer) {
  const abs = absoluteOf(spec, importer);
  return abs === null ? null : toPosix(path.relative(ROOT, abs));
}

// Import specifiers usually leave the extension out.
const TEST_FILE = /\.(test|spec|test-helpers)(\.[cm]?[jt]sx?)?$/;
const CONFIG_FILE = /\.config\.[cm]?[jt]s$/;

/** Test or bench code: what only tests may import. */
export const isTestCode = (/** @type {string} */ rel) =>
  rel.startsWith('tests/') || rel.startsWith('bench/') || TEST_FILE.test(rel);

/** Production code: what ships or runs in service; tests, benches and tool configs are not. */
export const isProduction = (/** @type {string} */ rel) => !isTestCode(rel) && !CONFIG_FILE.test(rel);

/** Every module specifier of a file, with the node to report on. */
function onSpecifier(/** @type {(spec: string, node: any) => void} */ check) {
  const literal = (/** @type {any} */ n) => {
    if (n?.type === 'Literal' && typeof n.value === 'string') check(n.value, n);
    if (n?.type === 'TemplateLiteral' && n.expressions.length === 0) check(n.quasis[0].value.cooked, n);
  };
  return {
    ImportDeclaration: (/** @type {any} */ n) => literal(n.source),
    ExportNamedDeclaration: (/** @type {any} */ n) => literal(n.source),
    ExportAllDeclaration: (/** @type {any} */ n) => literal(n.source),
    ImportExpression: (/** @type {any} */ n) => literal(n.source),
    TSImportType: (/** @type {any} */ n) => literal(n.source ?? n.argument?.literal),
    TSExternalModuleReference: (/** @type {any} */ n) => literal(n.expression),
    CallExpression: (/** @type {any} */ n) => {
      if (n.callee.type === 'Identifier' && n.callee.name === 'require') literal(n.arguments[0]);
    },
  };
}

/**
 * The folder of `rel` that a `from` pattern names ('web/src/features/*\/' -> 'web/src/features/report-write/'),
 * or null when the file is not under it. `*` stands for one folder.
 */
function zoneOf(/** @type {string} */ pattern, /** @type {string} */ rel) {
  const want = pattern.split('/').filter(Boolean);
  const have = rel.split('/');
  if (have.length <= want.length) return null;
  for (const [i, w] of want.entries()) if (w !== '*' && w !== have[i]) return null;
  return `${have.slice(0, want.length).join('/')}/`;
}

/**
 * @typedef {{ from: string, deny?: string[], except?: string[], allowOnly?: string[], productionOnly?: boolean,
 *   because: string }} Boundary
 */

/**
 * Whether `target` is named by a pattern: one ending in '/' is a folder and names all under it; any other
 * names that file (without extension, or a folder imported as its index). `*` stands for one folder name.
 */
function names(/** @type {string} */ pattern, /** @type {string} */ target) {
  const folder = pattern.endsWith('/');
  const bare = (/** @type {string} */ p) => p.replace(/\.[cm]?[jt]sx?$/, '');
  const want = bare(pattern).split('/').filter(Boolean);
  const have = bare(target).split('/');
  if (folder ? have.length < want.length : have.length !== want.length) return false;
  return want.every((w, i) => w === '*' || w === have[i]);
}

/** Whether a boundary forbids `target` to a file of `zone`; a zone may always import itself. */
function forbids(/** @type {Boundary} */ b, /** @type {string} */ zone, /** @type {string} */ target) {
  const under = (/** @type {string[] | undefined} */ list) => (list ?? []).some((p) => names(p, target));
  if (`${target}/`.startsWith(zone) || under(b.except)) return false;
  return b.allowOnly ? !under(b.allowOnly) : under(b.deny);
}

const relOf = (/** @type {any} */ context) => toPosix(path.relative(ROOT, context.filename));

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Parts and layers import only what lies beside or below them' },
    schema: [
      {
        type: 'object',
        properties: {
          boundaries: {
            type: 'array',
            items: {
              type: 'object',
              required: ['from', 'because'],
              additionalProperties: false,
              properties: {
                from: { type: 'string' },
                deny: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                allowOnly: { type: 'array', items: { type: 'string' } },
                productionOnly: { type: 'boolean' },
                because: { type: 'string' },
              },
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: { crossing: "'{{spec}}' ({{target}}) crosses a boundary of {{zone}}: {{because}}" },
  },
  create(context) {
    const rel = relOf(context);
    /** @type {Boundary[]} */
    const all = context.options[0]?.boundaries ?? [];
    const mine = all.flatMap((b) => {
      if (b.productionOnly && !isProduction(rel)) return [];
      const zone = zoneOf(b.from, rel);
      return zone ? [{ b, zone }] : [];
    });
    if (mine.length === 0) return {};
    return onSpecifier((spec, node) => {
      const target = resolveImport(spec, context.filename);
      if (target === null || (!isProduction(rel) && isTestCode(target))) return;
      for (const { b, zone } of mine) {
        if (forbids(b, zone, target)) {
          context.report({ node, messageId: 'crossing', data: { spec, target, zone, because: b.because } });
        }
      }
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const noTestCode = {
  meta: {
    type: 'problem',
    docs: { description: 'Production code does not import tests, test helpers or benches' },
    schema: [],
    messages: { testCode: "Production code imports test code '{{spec}}' ({{target}}); builds must not carry it." },
  },
  create(context) {
    if (!isProduction(relOf(context))) return {};
    return onSpecifier((spec, node) => {
      const target = resolveImport(spec, context.filename);
      if (target !== null && isTestCode(target)) {
        context.report({ node, messageId: 'testCode', data: { spec, target } });
      }
    });
  },
};

export default { meta: { name: 'layers' }, rules: { boundaries, 'no-test-code': noTestCode } };
