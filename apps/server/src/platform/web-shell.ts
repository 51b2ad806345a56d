import fs from 'node:fs';
import path from 'node:path';
import { EARLY_CLICKS_SCRIPT_TAG } from './early-clicks';

/**
 * The SPA's HTML shell as the history fallback sends it: index.html from the web build, plus, for the
 * public pages a first visit usually lands on, `modulepreload` links for that page's route chunk and
 * its imports (from the Vite manifest). The browser then fetches the page's code alongside the entry
 * instead of after the entry has run, one round trip less before the first render (decision 0018).
 * Without a manifest (or for any other path) the shell is index.html unchanged.
 */
export interface WebShell {
  html(pathname: string): string;
  /**
   * The shell with server-rendered content (decision 0020): `html` inside #root, `stateScript` (the
   * query cache the browser hydrates from) right after it. Elements React hoists to the top of the
   * rendered HTML (the page's <title>, resource hints) move into <head>. A small inline script before
   * the content holds clicks made before hydration and replays them after (platform/early-clicks.ts).
   */
  page(pathname: string, content: { html: string; stateScript: string }): string;
}

const ROOT = '<div id="root"></div>';
// React puts the document-level elements a page renders (<title>, <meta>, <link>) before its content.
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)+/;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

// Single-segment paths the web app routes itself; any other one is a creator's profile (/:username).
const APP_SEGMENTS = new Set([
  'creators',
  'search',
  'support',
  'login',
  'signup',
  'test-threads',
  'dashboard',
  'sender-dashboard',
  'billing',
  'profile',
  'messages',
  'payment-success',
  'admin',
  'unsubscribe',
]);

function routeChunk(pathname: string): string | null {
  if (pathname === '/') return 'src/features/landing/landing-page.tsx';
  if (pathname === '/creators') return 'src/features/discover/discover-page.tsx';
  const segment = /^\/([A-Za-z0-9_-]+)\/?$/.exec(pathname)?.[1];
  if (segment && !APP_SEGMENTS.has(segment)) return 'src/app/routes/creator-profile.tsx';
  return null;
}

export function loadWebShell(distDir: string): WebShell {
  const index = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  } catch {
    // A build without a manifest still serves; it just gets no route preloads.
  }
  const cache = new Map<string, string>();
  const shellFor = (key: string): string => {
    const seen = new Set<string>();
    const visit = (chunkKey: string) => {
      if (seen.has(chunkKey) || !manifest[chunkKey]) return;
      seen.add(chunkKey);
      for (const dep of manifest[chunkKey].imports ?? []) visit(dep);
    };
    visit(key);
    const links = [...seen]
      .map((chunkKey) => `/${manifest[chunkKey]?.file ?? ''}`)
      .filter((file) => file.endsWith('.js') && !index.includes(`"${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
      .join('\n    ');
    return links ? index.replace('</head>', `  ${links}\n  </head>`) : index;
  };
  const html = (pathname: string): string => {
    const key = routeChunk(pathname);
    if (!key) return index;
    let shell = cache.get(key);
    if (shell === undefined) {
      shell = shellFor(key);
      cache.set(key, shell);
    }
    return shell;
  };
  return {
    html,
    page(pathname, content) {
      const shell = html(pathname);
      const head = LEADING_HOISTABLES.exec(content.html)?.[0] ?? '';
      const body = content.html.slice(head.length);
      // The page paints from the HTML; its code only hydrates it. At low priority the code does not
      // compete with the stylesheet and images the first paint needs (Lighthouse also counts every
      // high-priority script as render-blocking).
      let page = shell
        .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
        .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ')
        .replace(ROOT, () => `${EARLY_CLICKS_SCRIPT_TAG}<div id="root">${body}</div>${content.stateScript}`);
      if (head) {
        // The page's own title replaces the shell's default one.
        if (head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>/, '');
        page = page.replace('</head>', () => `  ${head}\n  </head>`);
      }
      return page;
    },
  };
}
