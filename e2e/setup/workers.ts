/**
 * How many journey files run at once, each worker against its own server (global-setup.ts). Most of
 * a journey is waiting on a browser or a server, so two overlap well on a 2-core machine.
 */
export const E2E_WORKERS = 2;
