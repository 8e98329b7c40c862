import path from 'node:path';
import { parseArgs } from 'node:util';
import { publishExtension, PublishError, UPDATES_XML } from './publish';

/**
 * npm run package:extension -- --base-url https://pacs.example.org [--key FILE] [--out DIR] [--build DIR]
 * The key comes from --key or EXTENSION_KEY and lives outside the repository.
 */
const USAGE =
  'usage: npm run package:extension -- --base-url https://pacs.example.org [--key FILE | EXTENSION_KEY=FILE] ' +
  '[--out .output/publish] [--build .output/chrome-mv3]';

const repoDir = path.resolve(import.meta.dirname, '../..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      key: { type: 'string' },
      'base-url': { type: 'string' },
      out: { type: 'string', default: path.join(repoDir, '.output/publish') },
      build: { type: 'string', default: path.join(repoDir, '.output/chrome-mv3') },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const keyPath = values.key ?? process.env.EXTENSION_KEY;
  if (!keyPath) throw new PublishError(`no signing key: pass --key FILE or set EXTENSION_KEY\n${USAGE}`);
  if (!values['base-url']) throw new PublishError(`--base-url is required (the platform's address)\n${USAGE}`);

  const p = await publishExtension({
    buildDir: values.build,
    keyPath,
    outDir: values.out,
    baseUrl: values['base-url'],
    repoDir,
  });
  console.log(`extension id ${p.id}, version ${p.version}`);
  console.log(`wrote ${p.crxFile}`);
  console.log(`wrote ${p.updatesFile} (codebase ${p.codebase})`);
  console.log(
    `Copy both into the platform's DOWNLOADS_DIR; the policy then lists "${p.forcelistEntry}" in ` +
      `ExtensionInstallForcelist (the tool download page shows it once ${UPDATES_XML} is published), ` +
      `and the agent's allowedExtensionIds lists ${p.id}.`,
  );
}

main().catch((e: unknown) => {
  console.error(
    e instanceof PublishError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
      ? `package:extension: ${(e as Error).message}`
      : e,
  );
  process.exit(1);
});
