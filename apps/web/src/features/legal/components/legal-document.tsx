import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { paths, SUPPORT_EMAIL } from '../../../paths';

/** The three documents, in the order the footer lists them. */
export const LEGAL_DOCUMENTS = [
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.refundPolicy, label: 'Refund Policy' },
] as const;

/** When the wording of these pages last changed (a fact about the documents, not about any user). */
export const LEGAL_UPDATED = '28 November 2026';

/**
 * The frame of a legal page: its title, a short summary, links to the other two documents and the
 * sections. Server-rendered like the other public pages (decision 0020): plain HTML, no script needed.
 */
export function LegalDocument({
  title,
  current,
  summary,
  children,
}: {
  title: string;
  current: (typeof LEGAL_DOCUMENTS)[number]['to'];
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${title} · Fanline`}</title>
      <nav aria-label="Legal documents" className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {LEGAL_DOCUMENTS.map((doc) => (
            <li key={doc.to}>
              <Link
                to={doc.to}
                aria-current={doc.to === current ? 'page' : undefined}
                className={cn(
                  'inline-block rounded-full border px-3 py-1',
                  doc.to === current
                    ? 'border-brand-600 bg-brand-50 font-medium text-brand-800'
                    : 'border-slate-300 text-slate-700 hover:border-brand-600 hover:text-brand-700',
                )}
              >
                {doc.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated {LEGAL_UPDATED}</p>
      <div className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-4 text-slate-800 sm:p-5">{summary}</div>
      <div className="legal-body mt-8 space-y-8 text-slate-700">{children}</div>
      <p className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600">
        Questions about this page? Write to{' '}
        <a className="font-medium text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>{' '}
        or use the{' '}
        <Link className="font-medium text-brand-700 underline" to={`${paths.support}#contact`}>
          contact form
        </Link>
        .
      </p>
    </article>
  );
}

/** One numbered section: a heading and its paragraphs or lists. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 leading-relaxed">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A bulleted list inside a section. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6">{children}</ul>;
}
