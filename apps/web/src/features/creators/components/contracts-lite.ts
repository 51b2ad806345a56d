// The zod-free parts of @fanline/contracts, imported by file. The package index also builds every zod
// schema at load time and the package does not declare `"sideEffects": false`, so importing it from a
// landing component ships all of zod with the first visit to / and breaks the 150 KB budget
// (scripts/check-bundle.mjs). Once the package declares it, import from '@fanline/contracts' and delete this.

export { FEATURED, QUICK_SEARCH } from '../../../../../../packages/contracts/src/limits';
export { formatCents, formatCount } from '../../../../../../packages/contracts/src/money';
