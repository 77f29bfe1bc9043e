// The first screen's strings of one language, built by vite.config.ts from the bundle (see shell.ts).
declare module 'virtual:shell-strings/*' {
  const strings: Record<string, unknown>;
  export default strings;
}
