#!/usr/bin/env node
// The installable app's icons (issue 26, decision 0031), drawn from the logo (apps/web/public/favicon.svg)
// with sharp and committed under apps/web/public/icons/. Run again after the logo changes:
//   node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const BRAND = '#7c3aed';
// The logo's speech bubble, on the 32-unit grid of favicon.svg.
const BUBBLE = 'M9 10h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8l-5 4v-4H9a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z';

// "any": the logo as it is, rounded corners and all.
const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/><path d="${BUBBLE}" fill="#fff"/></svg>`;
// "maskable": a full-bleed square (the platform cuts its own shape) with the bubble inside the
// central 80% safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 17) scale(0.7) translate(-16 -18)"><path d="${BUBBLE}" fill="#fff"/></g></svg>`;

fs.mkdirSync(out, { recursive: true });
for (const [name, svg, size] of [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`wrote ${name}`);
}
