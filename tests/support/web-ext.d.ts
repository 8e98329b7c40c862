/** The part of web-ext's programmatic API the tests use (the package ships no types). */
declare module 'web-ext' {
  const webExt: {
    cmd: {
      lint(params: Record<string, unknown>, options: { shouldExitProgram: boolean }): Promise<unknown>;
    };
  };
  export default webExt;
}
