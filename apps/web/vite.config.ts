import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vite';

const apiTarget = process.env.FANLINE_API_URL ?? 'http://localhost:3000';

const REACT_ROUTER = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const SRC = path.resolve(import.meta.dirname, 'src');
const LANDING = path.join(SRC, 'features/landing');
// The contracts' modules the hero's quick search uses (number formatting, its debounce and limits): on
// their own each was a 0.2 KB chunk of the first visit's.
const CONTRACTS = path.resolve(import.meta.dirname, '../../packages/contracts/src');
const LANDING_CONTRACTS = new Set(['money.ts', 'browse-limits.ts'].map((file) => path.join(CONTRACTS, file)));
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.m?js$/;

/**
 * The web app's modules `file` imports statically (directly or through each other, not its lazy parts)
 * and the lucide icons they name. Package barrels are not followed: `lucide-react`'s
 * re-exports every icon, so the icons are matched by name (`ShieldCheck` → `icons/shield-check.mjs`).
 */
function staticImports(ctx: Rolldown.ChunkingContext, file: string): { modules: Set<string>; icons: Set<string> } {
  const modules = new Set<string>();
  const icons = new Set<string>();
  const visit = (id: string) => {
    if (modules.has(id) || !id.startsWith(SRC)) return;
    modules.add(id);
    const info = ctx.getModuleInfo(id);
    for (const [, names] of info?.code?.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g) ?? []) {
      for (const name of (names ?? '').split(',')) {
        const icon = name.trim().split(/\s+as\s+/)[0];
        if (icon)
          icons.add(
            icon
              .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
              .replace(/([a-zA-Z])(\d)/g, '$1-$2')
              .toLowerCase(),
          );
      }
    }
    for (const imported of info?.importedIds ?? []) visit(imported);
  };
  visit(file);
  return { modules, icons };
}

/**
 * React Router's production build, made tree-shakeable where its bundling leaves it opaque: components
 * are `React.forwardRef(…)` calls without a pure annotation and get a `displayName` assigned at the top
 * level, so the bundler must keep every one (Form, ScrollRestoration and the data router's submit and
 * fetcher code behind them) although the app never renders them. The annotation and dropping the
 * assignments (read only by React DevTools) let the unused ones go.
 */
const reactRouterTreeShaking: Plugin = {
  name: 'fanline:react-router-tree-shaking',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
    handler(code) {
      let result = code
        .replace(/^\w+\.displayName = "\w+";$/gm, '')
        .replace(/\b(React\d*\.forwardRef)\(/g, '/* @__PURE__ */ $1(');
      if (!/\bvar Link = /.test(code)) return result;
      // Link's `prefetch` works only in framework mode: without a FrameworkContext, usePrefetchBehavior
      // returns `[false, ref, {}]` and PrefetchPageLinks is never rendered. Spelled out, the prefetch
      // code (route manifests, link descriptors, RSC) leaves the bundle. A React Router upgrade that
      // changes this code fails the build here rather than silently keeping it.
      for (const [pattern, replacement] of [
        [/\busePrefetchBehavior\(\s*prefetch,\s*rest\s*\)/, '[false, null, {}]'],
        [/\/\* @__PURE__ \*\/ React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/, 'null'],
      ] as const) {
        if (!pattern.test(result)) throw new Error(`react-router's Link no longer matches ${pattern}`);
        result = result.replace(pattern, replacement);
      }
      return result;
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always the production build the server serves (finding R1): a NODE_ENV=development
  // left in the shell would otherwise bundle development React, 50 KB over the landing budget.
  // Vite reads NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  let landing: ReturnType<typeof staticImports> | undefined;
  let sections: ReturnType<typeof staticImports> | undefined;
  return {
    plugins: [react(), tailwindcss(), reactRouterTreeShaking],
    resolve: {
      // React Router's package exports name only its development build (remix-run/react-router#12532,
      // #14102), whose dev warnings stay on in production. The browser bundle takes the production
      // build the package ships next to it: the same code with ENABLE_DEV_WARNINGS off (decision 0018).
      // The server-side renderer takes it too (it is compiled in, below).
      alias: [{ find: /^react-router$/, replacement: path.resolve(REACT_ROUTER, 'dist/production/index.mjs') }],
    },
    // The server-side renderer is compiled with the packages it uses (React Router, React Query, Radix,
    // the icons, the chart, …) except those the server has itself: React, React DOM and zod (one copy
    // each in the process). So a release installs the server's dependencies only, not the web app's,
    // which the browser bundle has compiled in too (scripts/release.mjs).
    ssr: { noExternal: true, external: ['react', 'react-dom', 'zod'] },
    build: {
      manifest: true,
      sourcemap: false,
      reportCompressedSize: true,
      chunkSizeWarningLimit: 400,
      modulePreload: {
        // Every browser the app supports has modulepreload.
        polyfill: false,
        // The route table's lazy imports (in the entry) carry no preload lists: listing each route's
        // chunks for all 39 routes cost the entry 3 KB gzipped. A route's chunks are fetched when its
        // chunk has loaded (one more round trip on an in-app navigation); a first visit to /, /creators
        // or a profile gets them from the HTML shell's modulepreload links (web-shell.ts). Lazy imports
        // inside route chunks keep their lists.
        resolveDependencies: (_file, deps, { hostType, hostId }) =>
          hostType === 'js' && /(^|\/)index-[\w-]+\.js$/.test(hostId) ? [] : deps,
      },
      rolldownOptions: {
        output: {
          // Browser chunks only (a server build is one bundle). Left to itself, rolldown gives every
          // module that two chunks share a chunk of its own, so a first visit to / fetched a dozen
          // 0.2–0.7 KB chunks, each paying its own gzip overhead, import lines and preload-list entry
          // (decision 0018).
          codeSplitting: isSsrBuild
            ? undefined
            : {
                groups: [
                  // Everything the entry imports statically is loaded by every first visit: one chunk.
                  { name: 'app', tags: ['$initial'], priority: 2 },
                  // What the landing page imports and other routes share too (icons, search, badges):
                  // one chunk next to the landing's own; likewise for its lazy sections (cards, marquee).
                  {
                    name: (id, ctx) => {
                      landing ??= staticImports(ctx, path.join(LANDING, 'landing-page.tsx'));
                      sections ??= staticImports(ctx, path.join(LANDING, 'components/landing-sections.tsx'));
                      if (LANDING_CONTRACTS.has(id)) return 'landing-shared';
                      const icon = LUCIDE_ICON.exec(id)?.[1];
                      if (icon) {
                        if (landing.icons.has(icon)) return 'landing-shared';
                        return sections.icons.has(icon) ? 'landing-sections-shared' : null;
                      }
                      if (id.startsWith(LANDING)) return null;
                      if (landing.modules.has(id)) return 'landing-shared';
                      // The same for the lazy sections under the hero: one chunk beside theirs, not six.
                      return sections.modules.has(id) ? 'landing-sections-shared' : null;
                    },
                    includeDependenciesRecursively: false,
                    priority: 1,
                  },
                ],
              },
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': apiTarget, '/uploads': apiTarget },
    },
  };
});
