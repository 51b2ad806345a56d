import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { lazyPart } from '../../lib/lazy-part';
import { usePlatformConfig } from '../../lib/platform-config';
import { Footer } from './footer';
import { Header } from './header';
import { MaintenanceBanner } from './maintenance-banner';

// Only a demo server shows it, so only a demo loads its code (the landing page's JS budget, issue 28).
const DemoBanner = lazyPart(() => import('../demo/demo-banner'));

/** `headerActions`: what a signed-in user keeps in the header on every page (composed in app/). */
export function SiteLayout({ headerActions }: { headerActions?: ReactNode }) {
  const { demoMode } = usePlatformConfig();
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
      {/* At least a screen tall below the 4rem header, so the footer starts below the fold on every page:
          a page shorter or taller than the one before it (or its spinner) never moves what is on screen
          (issue 36 point 17: /signup -> /login moved the footer 300 px on a phone, a layout shift of 0.2). */}
      <main id="main" className="min-h-[calc(100svh-4rem)] flex-1">
        <Outlet />
      </main>
      <Footer />
      {/* Below everything: it arrives with the live settings on pages the browser renders, and must not push the page down (layout shift). */}
      {demoMode && (
        <Suspense fallback={null}>
          <DemoBanner />
        </Suspense>
      )}
    </div>
  );
}
