import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '../../paths';

/**
 * Issue 36 §17: the one not-found design, for an unknown path and an unknown creator alike: the 404
 * mark, a heading, a line, the ways out, and the support contact. The server answers these with a 404.
 */
export function NotFoundPanel({ title, body, actions }: { title: string; body: string; actions: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <Compass className="h-12 w-12 text-brand-600" aria-hidden="true" />
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold [overflow-wrap:anywhere]">{title}</h1>
      <p className="mt-3 text-slate-600 [overflow-wrap:anywhere]">{body}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
      <p className="mt-8 text-sm text-slate-600">
        Need help?{' '}
        <a className="font-medium text-brand-700 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
          Contact support
        </a>
      </p>
    </section>
  );
}
