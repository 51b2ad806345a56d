import { type ComponentType, lazy } from 'react';

/**
 * A route's page, loaded as its own chunk (STYLE.md Web: routes are lazy-loaded). The module exports
 * `Component`.
 */
export function page(load: () => Promise<{ Component: ComponentType }>) {
  const Page = lazy(() => load().then((module) => ({ default: module.Component })));
  return <Page />;
}

/** `full` (an absolute path under `base`) relative to `base`, for a route table mounted at `${base}/*`. */
export function below(base: string, full: string): string {
  if (!full.startsWith(`${base}/`)) throw new Error(`${full} is not under ${base}`);
  return full.slice(base.length + 1);
}
