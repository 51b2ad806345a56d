export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright turns off when it launches Chromium (chromiumSwitches.ts in playwright-core
 * 1.64). Chromium reads only the last `--disable-features` on its command line, so a list of ours must
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
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  const last = new Set(lists.at(-1) ?? []);
  const lost = lists.flat().filter((feature) => feature && !last.has(feature));
  if (lost.length > 0) {
    throw new Error(
      `Chromium would run features Playwright turns off (${[...new Set(lost)].join(', ')}): add them to PLAYWRIGHT_DISABLED_FEATURES in e2e/support/chromium.ts`,
    );
  }
}
