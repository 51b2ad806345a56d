import type { FastifyInstance } from 'fastify';

/**
 * Every route the app has registered, as `METHOD /path` keys (`:name` for a parameter), read from
 * the router itself (`printRoutes`), so hidden routes (the SSE stream, the Stripe webhook) and routes
 * added by any module are found without a hand-kept list. HEAD twins of GET routes are left out.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const match = /^([\s│├└─]*)(.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.round((match[1] ?? '').length / 4);
    const label = match[2] ?? '';
    stack.length = depth;
    stack[depth] = label;
    const methods = (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m && m !== '-' && m !== 'HEAD');
    const path = stack.join('');
    for (const method of methods) found.add(`${method} ${path}`);
  }
  return [...found].sort();
}
