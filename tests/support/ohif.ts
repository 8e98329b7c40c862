import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The published OHIF viewer, as its npm package ships it built (`@ohif/app`'s dist), fetched from the npm
 * registry once into node_modules/.cache and checked against the registry's integrity. Not a dependency:
 * it would install OHIF's whole build tool chain.
 */
export const OHIF_VERSION = '3.13.2';
const INTEGRITY = 'sha512-WZdxmpmG7rqFgW9ZJLcbgr3XCtLi1KDNPoMaeY5PPe6j4G4fjEjjkycZM6C6Zk2F87BKxFfpq+jd5xXZB9E8EA==';

export function ohifDist(): string {
  const root = path.resolve('node_modules/.cache', `ohif-app-${OHIF_VERSION}`);
  const dist = path.join(root, 'package', 'dist');
  if (existsSync(path.join(dist, 'index.html'))) return dist;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ohif-'));
  try {
    execFileSync('npm', ['pack', `@ohif/app@${OHIF_VERSION}`, '--pack-destination', tmp, '--silent'], {
      stdio: 'pipe',
      timeout: 300_000,
    });
    const tgz = path.join(tmp, `ohif-app-${OHIF_VERSION}.tgz`);
    const digest = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
    if (digest !== INTEGRITY) throw new Error(`@ohif/app@${OHIF_VERSION}: integrity ${digest} is not the registry's`);
    const unpacked = path.join(tmp, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', tgz, '-C', unpacked]);
    mkdirSync(path.dirname(root), { recursive: true });
    renameSync(unpacked, root);
    return dist;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** OHIF's configuration: one DICOMweb data source, the platform's /dicomweb, reached across origins. */
function appConfig(dicomweb: string): string {
  const source = {
    namespace: '@ohif/extension-default.dataSourcesModule.dicomweb',
    sourceName: 'rxpacs',
    configuration: {
      friendlyName: 'RxPACS',
      name: 'rxpacs',
      wadoUriRoot: dicomweb.replace(/\/dicomweb$/, '/wado'),
      qidoRoot: dicomweb,
      wadoRoot: dicomweb,
      qidoSupportsIncludeField: false,
      imageRendering: 'wadors',
      thumbnailRendering: 'wadors',
      enableStudyLazyLoad: true,
      supportsFuzzyMatching: false,
      supportsWildcard: true,
      omitQuotationForMultipartRequest: true,
    },
  };
  return `window.config = ${JSON.stringify({
    routerBasename: '/',
    extensions: [],
    modes: [],
    showStudyList: true,
    maxNumberOfWebWorkers: 2,
    showLoadingIndicator: true,
    showCPUFallbackMessage: false,
    defaultDataSourceName: 'rxpacs',
    dataSources: [source],
  })};`;
}

/** OHIF's dist on 127.0.0.1 (its own origin), every unknown path its index.html, as its serve.json says. */
export async function serveOhif(dicomweb: () => string) {
  const dist = ohifDist();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/app-config.js') {
        res.writeHead(200, { 'content-type': TYPES['.js']! }).end(appConfig(dicomweb()));
        return;
      }
      let file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
      if (!file.startsWith(dist) || !(await stat(file).catch(() => null))?.isFile())
        file = path.join(dist, 'index.html');
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(await readFile(file));
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
