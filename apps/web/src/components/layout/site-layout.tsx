import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { MaintenanceBanner } from './maintenance-banner';

/** `headerActions`: what a signed-in user keeps in the header on every page (composed in app/). */
export function SiteLayout({ headerActions }: { headerActions?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <MaintenanceBanner />
      <Header userActions={headerActions} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
