// How the server's TypeScript becomes one ES module for plain node (decision 0033): what
// `npm run build` compiles for production (scripts/build-server.mjs) and what the tests compile their
// child processes with (apps/server/src/testing/compiled-entry.ts), so both run the same kind of code.
import path from 'node:path';

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
    // and argon2 cannot be bundled) unless it is one of ours, whose packages export TypeScript sources.
    plugins: [
      {
        name: 'npm-packages-external',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@fanline/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    logLevel: 'warning',
  };
}
