import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import webExt from 'web-ext';
import { describe, expect, it } from 'vitest';
import { FIREFOX_ADDON_ID } from '../wxt.config';

/**
 * The Firefox build (`wxt build -b firefox`, part of `npm run build:extension`) passes Mozilla's own linter,
 * web-ext lint: no errors (docs/extension.md lists its warnings and what Firefox cannot do).
 */
const DIR = path.resolve('.output/firefox-mv3');

interface LintResult {
  summary: { errors: number; warnings: number };
  errors: { code: string; message: string }[];
}

describe('the Firefox build', () => {
  it('has its add-on id and passes web-ext lint without errors', async () => {
    if (!existsSync(DIR)) throw new Error(`${DIR} is missing: run \`npm run build:extension\` first`);
    const manifest = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8')) as {
      manifest_version: number;
      browser_specific_settings?: { gecko?: { id?: string } };
    };
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.browser_specific_settings?.gecko?.id).toBe(FIREFOX_ADDON_ID);
    const result = (await webExt.cmd.lint(
      {
        sourceDir: DIR,
        output: 'none',
        selfHosted: false,
        boring: true,
        warningsAsErrors: false,
        pretty: false,
        metadata: false,
      },
      { shouldExitProgram: false },
    )) as LintResult;
    expect(result.errors.map((e) => `${e.code}: ${e.message}`)).toEqual([]);
    expect(result.summary.errors).toBe(0);
  }, 60_000);
});
