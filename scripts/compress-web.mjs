#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the web build, so the server
// (@fastify/static `preCompressed`) sends compressed files without compressing on each request.
// Issue 14: uncompressed, the landing's JS was ~400 KB on the wire instead of ~110 KB.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let raw = 0;
let br = 0;
for (const file of files(dist)) {
  const body = fs.readFileSync(file);
  if (body.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  raw += body.length;
  br += brotli.length;
}
console.log(`compress-web: ${(raw / 1024).toFixed(0)} KB of text assets, ${(br / 1024).toFixed(0)} KB as brotli`);
