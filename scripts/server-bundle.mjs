// How the server's TypeScript becomes one ES module for plain node (decision 0033): what
// `npm run build` compiles for production (scripts/build-server.mjs) and what the tests compile their
// child processes with (apps/server/src/testing/compiled-entry.ts), so both run the same kind of code.
import path from 'node:path';

/**
 * npm packages compiled into the bundle rather than loaded from node_modules at start. drizzle-orm is
 * plain JavaScript spread over some 400 small ES modules: resolving and compiling them one by one took
 * 0.75 s of CPU at every start of the server and of each operator command, as long as everything else
 * the server loads. Bundled, esbuild keeps only the parts we use (+200 KiB). Nothing instruments it
 * (the OpenTelemetry hooks patch `pg` and `http`, which stay external), and its migrator reads the
 * folder it is given, so it behaves the same inside the bundle.
 */
export const BUNDLED_PACKAGES = ['drizzle-orm'];

/** Whether the import `specifier` is package `name` or one of its subpaths. */
function isPackage(specifier, name) {
  return specifier === name || specifier.startsWith(`${name}/`);
}

/** esbuild options shared by every server bundle; the caller adds its entry points and output. */
export function serverBundleOptions(serverDir) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The runtime the project pins (scripts/ensure-node.sh, package.json engines; decision 0043).
    target: 'node24',
    tsconfig: path.join(serverDir, 'tsconfig.json'),
    // A bare import is an npm package (external, installed next to the bundle; native ones like sharp
    // and argon2 cannot be bundled) unless it is one of ours, whose packages export TypeScript sources,
    // or one of BUNDLED_PACKAGES.
    plugins: [
      {
        name: 'npm-packages-external',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@fanline/') || BUNDLED_PACKAGES.some((name) => isPackage(args.path, name))
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
    logLevel: 'warning',
  };
}
