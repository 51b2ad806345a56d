#!/usr/bin/env node
// The browser journeys drive Debian's Chromium.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  name: 'Chromium',
  packages: ['chromium', 'fonts-liberation'],
  needs: 'The browser tests need',
  howTo: 'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
});
