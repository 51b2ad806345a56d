import { useIsFetching } from '@tanstack/react-query';
import {
  ArrowLeftRight,
  Flag,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Menu,
  MessageSquare,
  Settings,
  Users,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { paths } from '../../paths';
import { Button } from '../ui/button';
import { MaintenanceBanner } from './maintenance-banner';

export const ADMIN_NAV = [
  { to: paths.adminDashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.adminUsers, label: 'Users & Creators', icon: Users },
  { to: paths.adminMessages, label: 'Messages', icon: MessageSquare },
  { to: paths.adminTransactions, label: 'Transactions', icon: ArrowLeftRight },
  { to: paths.adminModeration, label: 'Content Moderation', icon: Flag },
  { to: paths.adminSettings, label: 'Settings', icon: Settings },
] as const;

interface AdminLayoutProps {
  title: string;
  email: string;
  role: string;
  onSignOut: () => void;
  children: ReactNode;
  /** Extra links under the spec's six (the support inbox, the audit log). */
  extraNav?: { to: string; label: string; icon?: typeof LifeBuoy }[];
}

/**
 * spec §2 Admin layout: sidebar of six pages, the admin's initial and role, a header with the page
 * title and 'Last updated' time, Sign Out; below 768 px the sidebar folds into a menu.
 */
export function AdminLayout({ title, email, role, onSignOut, children, extraNav = [] }: AdminLayoutProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Close the mobile menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => setOpen(false), [location.pathname]);
  const lastUpdated = useLastUpdated();

  const nav = (
    <nav aria-label="Admin">
      <ul className="space-y-1">
        {ADMIN_NAV.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <AdminNavLink to={to}>
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </AdminNavLink>
          </li>
        ))}
        {extraNav.map(({ to, label, icon: Icon = LifeBuoy }) => (
          <li key={to}>
            <AdminNavLink to={to}>
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </AdminNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );

  const account = (
    <div className="border-t border-slate-800 pt-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white uppercase"
        >
          {email.charAt(0)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-white">{email}</p>
          {/* spec §2: the role with the underscore shown as a space. */}
          <p className="text-xs text-slate-400 capitalize">{role.replaceAll('_', ' ')}</p>
        </div>
      </div>
      <button
        type="button"
        className="mt-3 flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        onClick={onSignOut}
      >
        <LogOut className="h-4 w-4" aria-hidden="true" />
        Sign Out
      </button>
    </div>
  );

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 flex-col justify-between bg-slate-900 p-4 md:sticky md:top-0 md:flex md:h-screen">
        <div>
          <p className="mb-6 px-3 text-lg font-bold text-white">Fanline Admin</p>
          {nav}
        </div>
        {account}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 md:px-8">
          <div className="flex min-w-0 items-center gap-3">
            <Button
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-label={open ? 'Close menu' : 'Open menu'}
              aria-expanded={open}
              aria-controls="admin-mobile-menu"
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
            </Button>
            <div className="min-w-0">
              <h1 className="truncate text-xl font-bold text-slate-900">{title}</h1>
              <p className="text-xs text-slate-500 md:hidden">
                Last updated <time dateTime={lastUpdated.toISOString()}>{formatTime(lastUpdated)}</time>
              </p>
            </div>
          </div>
          <p className="hidden shrink-0 text-xs text-slate-500 md:block">
            Last updated <time dateTime={lastUpdated.toISOString()}>{formatTime(lastUpdated)}</time>
          </p>
        </header>
        <MaintenanceBanner />
        {open && (
          <div id="admin-mobile-menu" className="border-b border-slate-800 bg-slate-900 p-4 md:hidden">
            {nav}
            <div className="mt-4">{account}</div>
          </div>
        )}
        <main id="main" className="flex-1 px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

function AdminNavLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
          isActive ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
        )
      }
    >
      {children}
    </NavLink>
  );
}

/** The time the admin's data last finished loading. */
function useLastUpdated(): Date {
  const fetching = useIsFetching({ queryKey: ['admin'] });
  const [at, setAt] = useState(() => new Date());
  useEffect(() => {
    if (fetching === 0) setAt(new Date());
  }, [fetching]);
  return at;
}

const formatTime = (date: Date) =>
  date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
