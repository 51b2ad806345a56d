#!/usr/bin/env node
// The browser journeys drive Debian's Chromium: the headless shell for most (CHROMIUM_PATH), the full
// browser for the installable app and push (CHROMIUM_FULL_PATH; decision 0077).
import { ensureDebianPackage } from './ensure-debian-package.mjs';

const howTo = 'or point CHROMIUM_PATH (headless shell) and CHROMIUM_FULL_PATH (browser) at existing binaries.';
ensureDebianPackage({
  binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  name: "Chromium's headless shell",
  packages: ['chromium-headless-shell', 'fonts-liberation'],
  needs: 'The browser tests need',
  howTo,
  exit: false,
});
ensureDebianPackage({
  binary: process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium',
  name: 'Chromium',
  packages: ['chromium', 'fonts-liberation'],
  needs: 'The browser tests need',
  howTo,
});
