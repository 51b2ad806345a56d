import { GENERIC_ERROR_MESSAGE } from '@fanline/contracts';
import { AlertTriangle } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../paths';
import { buttonClass } from '../ui/button-class';

/** What a route section shows when its lazy chunk or render failed, instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  console.error(error);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <AlertTriangle className="h-10 w-10 text-amber-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-slate-600">{GENERIC_ERROR_MESSAGE}</p>
      <div className="flex gap-3">
        {/* Plain elements with the button look: this boundary is on every first visit, Button's Slot is not. */}
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          Try Again
        </button>
        <Link to={paths.home} className={buttonClass({ variant: 'secondary' })}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}

/**
 * Error boundary for a route section: a failed lazy chunk or render shows RouteError; navigating to
 * another path tries again (as the data router's errorElement did).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

interface BoundaryState {
  error: unknown;
  pathname: string | null;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined, pathname: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === undefined) return { pathname: props.pathname };
    // An error belongs to the path it happened on: a new path renders the routes again.
    if (state.pathname !== props.pathname) return { error: undefined, pathname: props.pathname };
    return null;
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
