import type { BuildOptions } from 'esbuild';

/** esbuild options shared by every server bundle; the caller adds its entry points and output. */
export function serverBundleOptions(serverDir: string): BuildOptions;
