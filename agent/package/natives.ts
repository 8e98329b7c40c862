import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** What each native addon needs at run time (its build files and sources stay behind). */
function runtimeFiles(platform: string, arch: string): Record<string, (rel: string) => boolean> {
  const prebuild = new RegExp(`^prebuilds/HID(_hidraw)?-${platform}-${arch}(/|$)`);
  return {
    pkcs11js: (rel) => ['package.json', 'index.js', 'LICENSE'].includes(rel) || /^build\/Release\/[^/]+\.node$/.test(rel) || rel === 'build' || rel === 'build/Release', // prettier-ignore
    'node-hid': (rel) => ['package.json', 'nodehid.js', 'binding-options.js', 'LICENSE-bsd.txt', 'prebuilds'].includes(rel) || prebuild.test(rel), // prettier-ignore
    'pkg-prebuilds': (rel) => ['package.json', 'bindings.js', 'LICENSE', 'lib'].includes(rel) || rel.startsWith('lib/'),
    ...(platform === 'win32'
      ? { 'pdf-to-printer': (rel: string) => ['package.json', 'LICENSE', 'dist', 'dist/bundle.js'].includes(rel) || /^dist\/SumatraPDF[^/]*\.exe$/.test(rel) } // prettier-ignore
      : {}),
  };
}

/**
 * Copies the native addons (PKCS#11 for the USB key, HID for its arrival) into `<dir>/lib/node_modules`,
 * where the packaged agent requires them from. pkcs11js is compiled on the build machine for its platform;
 * pdf-to-printer (with SumatraPDF) goes only into the Windows program.
 */
export async function copyNativeModules(dir: string, platform = process.platform, arch = process.arch): Promise<void> {
  for (const [name, keep] of Object.entries(runtimeFiles(platform, arch))) {
    const from = path.resolve('node_modules', name);
    const to = path.join(dir, 'lib', 'node_modules', name);
    await mkdir(to, { recursive: true });
    await cp(from, to, {
      recursive: true,
      filter: (src) => {
        const rel = path.relative(from, src).split(path.sep).join('/');
        return rel === '' || keep(rel);
      },
    });
  }
}
