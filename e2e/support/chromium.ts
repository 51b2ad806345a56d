/**
 * The journeys' browser: Debian's chromium-headless-shell, the same Blink and V8 as Chromium without the
 * browser around them. Chromium 156's `--headless` runs the whole browser (a window, its toolbar and
 * tab strip) for every context; the shell does not: the journeys took 491 s instead of 562 s on one
 * machine, with 23 % less CPU (decision 0077). What only the full browser has (a notification permission that can be granted, an
 * installable app) is tested in CHROMIUM_FULL.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Debian's full Chromium, run headless: for the journeys of what a person's browser does beyond the page. */
export const CHROMIUM_FULL = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright turns off when it launches Chromium (chromiumSwitches.ts in playwright-core
 * 1.65). Chromium reads only the last `--disable-features` on its command line, so a list of ours must
 * repeat these or they come back on (HTTPS upgrades, paint holding, storage partitioning).
 * `assertFeaturesKept` checks the launched command line still agrees after an upgrade.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * Chromium 156's headless mode opens a window for every browser context, and each window preloads two
 * address-bar popups drawn as web pages (chrome://omnibox-popup.top-chrome/), each in a renderer of its
 * own: 166 renderers in one journeys run, 11 % of its CPU, for a bar nobody sees.
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

const DISABLE_FEATURES = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`;

// Flags this machine kind needs (env notes): no sandbox as root, and no background networking,
// whose connections the closed network refuses.
export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // A new page starts in a renderer of its own (about:blank) and its first navigation to the site moves
  // it to a second one, the first ending: two renderers started per page, 56 for 28 loads. With a
  // limit of one, a page's navigation stays in the renderer it has (28 for 28), and the journeys take
  // 6-8 % less CPU (decision 0087). Renderers are not shared between browser contexts, so the limit
  // only makes pages of one context (one person's tabs) share one; each journey's contexts stay apart.
  '--renderer-process-limit=1',
  DISABLE_FEATURES,
];

/**
 * Throws unless the launched command line ends with our `--disable-features` and Playwright's own list
 * before it is PLAYWRIGHT_DISABLED_FEATURES exactly (a Playwright upgrade changed it).
 */
export function assertFeaturesKept(spawnargs: readonly string[]): void {
  const lists = spawnargs.filter((arg) => arg.startsWith('--disable-features='));
  const theirs = new Set(lists.slice(0, -1).flatMap((arg) => arg.slice('--disable-features='.length).split(',')));
  const lost = [...theirs].filter((feature) => feature && !PLAYWRIGHT_DISABLED_FEATURES.includes(feature));
  const dropped = PLAYWRIGHT_DISABLED_FEATURES.filter((feature) => !theirs.has(feature));
  if (lists.at(-1) !== DISABLE_FEATURES || lost.length || dropped.length) {
    throw new Error(
      `Playwright's --disable-features and PLAYWRIGHT_DISABLED_FEATURES in e2e/support/chromium.ts differ (missing here: ${lost.join(', ') || 'none'}; no longer Playwright's: ${dropped.join(', ') || 'none'}), or ours is not the last: make them agree`,
    );
  }
}
