export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];

/**
 * Throws when the browser was launched with a `--disable-features` list (Playwright's, after an
 * upgrade) that the last one, ours, does not cover: Chromium would run those features.
 */
export function assertFeaturesKept(spawnargs: readonly string[]): void {
  const lists = spawnargs
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(',').filter(Boolean));
  const theirs = new Set(lists.length > 1 ? lists.slice(0, -1).flat() : []);
  const ours = new Set(PLAYWRIGHT_DISABLED_FEATURES);
  const lost = [...theirs].filter((feature) => !ours.has(feature));
  const dropped = [...ours].filter((feature) => !theirs.has(feature));
  if (lists.at(-1)?.join(',') !== ARGS.at(-1)?.slice('--disable-features='.length) || lost.length || dropped.length) {
    throw new Error(
      `Playwright's --disable-features (${[...theirs].join(', ')}) and PLAYWRIGHT_DISABLED_FEATURES in e2e/support/chromium.ts differ (missing here: ${lost.join(', ') || 'none'}; no longer Playwright's: ${dropped.join(', ') || 'none'}), or ours is not the last: make them agree`,
    );
  }
}
