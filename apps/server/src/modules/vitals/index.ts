// The vitals module's front door (issue 28, decision 0038): real visitors' Web Vitals as daily
// histograms per route pattern. It imports no module.
export { pruneVitals } from './prune-vitals';
export { recordVitals } from './record-vitals';
export { summarizeVitals } from './summarize-vitals';
