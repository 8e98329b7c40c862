/** The npm package `crx3` (no types of its own): the part we call. */
declare module 'crx3' {
  interface Crx3Options {
    /** PEM private key; crx3 makes and saves a new one when the file is missing (we refuse before that). */
    keyPath: string;
    crxPath: string;
  }
  /** The files (or one folder) of the extension, packed and signed; resolves with the id it derived. */
  export default function crx3(files: string[], options: Crx3Options): Promise<{ appId: string }>;
}
