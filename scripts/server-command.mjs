// How Node runs the server, wherever it runs: the unit in deploy/ (`ExecStart`), `npm start` (package.json's
// "serve"), `npm run cluster`, the journeys' servers and the scale bench's product. deploy-files.test.ts
// holds the unit and package.json to this list.
//
// --enable-source-maps: stack traces in the logs point into the TypeScript sources (decision 0033).
// --min-semi-space-size=16: a young generation of 16 MB from the start (decision 0084). With V8's default
// it starts at 1 MB and grows on its own heuristics; in about half of the runs of a busy instance it stayed
// too small, and each scavenge promoted what a request still held into the old generation: the cached
// browse answered 58–70 thousand requests in 4 s instead of 94 thousand.
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--min-semi-space-size=16'];

/** The compiled server `npm run build` writes, relative to the repository's root. */
export const SERVER_ENTRY = 'apps/server/dist/server.js';
