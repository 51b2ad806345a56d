import { Link } from 'react-router';
import { useCopy } from '../../lib/platform-config';
import { paths, SUPPORT_EMAIL } from '../../paths';
import { Logo } from './logo';

// spec §2: the landing footer's links. Issue 36: each goes to its own page; no "About" pointing at / and no
// legal link pointing at /support.
const COLUMNS = [
  {
    title: 'Product',
    links: [
      { label: 'Discover Creators', to: paths.creators },
      { label: 'Find Creators', to: paths.search },
      { label: 'Join as Creator', to: `${paths.signup}?type=creator` },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: paths.support },
      { label: 'Contact Us', to: `${paths.support}#contact` },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: paths.terms },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Refund Policy', to: paths.refundPolicy },
    ],
  },
];

export function Footer() {
  const copy = useCopy();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-slate-600">
            {copy('Direct messages that pay. Creators reply within {hours} or you get your money back.')}
          </p>
          <a className="text-sm text-brand-700 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
        </div>
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="text-sm text-slate-600 hover:text-brand-700">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Fanline. All rights reserved.
      </p>
    </footer>
  );
}
