import type { TSessionUser } from '@fanline/contracts';
import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../lib/auth/session';
import { readStorage, SIGNED_IN_HINT_KEY } from '../../lib/auth/storage';
import { cn } from '../../lib/cn';
import { href, paths } from '../../paths';
import { buttonClass } from '../ui/button-class';
import { Logo } from './logo';

const NAV = [
  { to: paths.creators, label: 'Discover' },
  { to: paths.support, label: 'Support' },
];

// Buttons here are plain elements styled with `buttonClass`: `Button` brings Radix Slot (for `asChild`)
// into every first visit (issue 14 landing budget). They render the same elements and classes.

/**
 * spec §2 Header: logo, Discover and Support; guests get Sign In and Join as Creator; signed-in users a
 * Welcome line with their display name (or username), Dashboard and Sign Out. Mobile menu below 768 px repeats them.
 * `userActions` (Messages and the bell, composed by the app) stay in the bar at every width.
 */
export function Header({ userActions }: { userActions?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const { user, loading, signOut } = useSession();
  // Until the first session check answers, someone who was signed in last time sees a placeholder
  // rather than a flash of the guest buttons.
  const state = user ? 'user' : loading && readStorage(SIGNED_IN_HINT_KEY) ? 'pending' : 'guest';

  // Close the mobile menu whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location change is the trigger
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <div className="flex items-center gap-8">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  cn('text-sm font-medium hover:text-brand-700', isActive ? 'text-brand-700' : 'text-slate-600')
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        </div>
        <div className="hidden min-w-0 items-center gap-3 md:flex">
          {state === 'pending' ? (
            <div aria-hidden="true" className="h-10 w-64" />
          ) : (
            <>
              {user && userActions}
              <AccountActions user={user} onSignOut={() => void signOut()} />
            </>
          )}
        </div>
        <div className="flex items-center gap-1 md:hidden">
          {user && userActions}
          <button
            type="button"
            className={buttonClass({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open && (
        <nav id={menuId} aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden">
          <ul className="flex flex-col py-2">
            {NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="block rounded-md px-2 py-3 text-base font-medium text-slate-700 hover:bg-slate-50"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          {state !== 'pending' && (
            <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
              <AccountActions user={user} onSignOut={() => void signOut()} menu />
            </div>
          )}
        </nav>
      )}
    </header>
  );
}

/**
 * The account buttons, in the header bar and again in the mobile menu: a signed-in user's Welcome
 * line, Dashboard and Sign Out, or a guest's Sign In and Join as Creator.
 */
function AccountActions({
  user,
  onSignOut,
  menu,
}: {
  user: TSessionUser | null;
  onSignOut: () => void;
  menu?: boolean;
}) {
  if (!user) {
    return (
      <>
        <Link to={paths.login} className={buttonClass({ variant: menu ? 'secondary' : 'ghost' })}>
          Sign In
        </Link>
        <Link to={href.signup('creator')} className={buttonClass()}>
          Join as Creator
        </Link>
      </>
    );
  }
  return (
    <>
      <p
        className={
          menu ? 'truncate px-2 pb-2 text-sm text-slate-600' : 'min-w-0 truncate text-sm text-slate-600 lg:max-w-64'
        }
      >
        Welcome, <span className="font-medium text-slate-900">{user.displayName || user.username}</span>
      </p>
      <Link
        to={user.isCreator ? paths.dashboardMessages : paths.senderDashboard}
        className={buttonClass({ variant: 'secondary' })}
      >
        Dashboard
      </Link>
      <button type="button" className={buttonClass({ variant: 'ghost' })} onClick={onSignOut}>
        Sign Out
      </button>
    </>
  );
}
