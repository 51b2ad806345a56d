import { DollarSign, LogOut, MessageSquare, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/auth/session';
import { cn } from '../../lib/cn';
import { paths } from '../../paths';
import { SidebarPayoutButton as PayoutButton } from '../payouts/request-payout-button';
import { Button } from '../ui/button';

const NAV = [
  { to: paths.dashboardMessages, label: 'Messages', icon: MessageSquare },
  { to: paths.dashboardEarnings, label: 'Earnings', icon: DollarSign },
  { to: paths.dashboardSettings, label: 'Settings', icon: Settings },
] as const;

interface CreatorLayoutProps {
  /** Beside the title: the notification bell. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * spec §2 Creator layout: sidebar Messages, Earnings, Settings; bell; Sign Out; Request Payout. From
 * 1024 px the sidebar stands on the left; below, the same links run across the top.
 */
export function CreatorLayout({ actions, children }: CreatorLayoutProps) {
  const { signOut } = useSession();
  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 lg:py-8">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Creator Dashboard</p>
        {actions}
      </div>
      <div className="mt-2 flex flex-col gap-4 lg:mt-4 lg:flex-row lg:gap-8">
        <aside className="lg:w-56 lg:shrink-0">
          <div className="lg:sticky lg:top-24">
            <nav
              aria-label="Dashboard"
              className="-mx-4 overflow-x-auto border-b border-slate-200 px-2 sm:mx-0 lg:border-0 lg:px-0"
            >
              <ul className="flex gap-1 lg:flex-col">
                {NAV.map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap lg:rounded-lg lg:border-b-0',
                          'focus-visible:outline-2 focus-visible:outline-brand-600',
                          isActive
                            ? 'border-brand-600 text-brand-700 lg:bg-brand-50'
                            : 'border-transparent text-slate-600 hover:text-slate-900 lg:hover:bg-slate-100',
                        )
                      }
                    >
                      <Icon className="h-4 w-4" aria-hidden="true" />
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-6 hidden space-y-2 border-t border-slate-200 pt-4 lg:block">
              <PayoutButton />
              <Button variant="ghost" className="w-full justify-start" onClick={() => void signOut()}>
                <LogOut className="h-4 w-4" aria-hidden="true" />
                Sign Out
              </Button>
            </div>
          </div>
        </aside>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
      <div className="mt-8 flex gap-2 border-t border-slate-200 pt-4 lg:hidden">
        <PayoutButton className="flex-1" />
        <Button variant="secondary" className="flex-1" onClick={() => void signOut()}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </div>
  );
}
