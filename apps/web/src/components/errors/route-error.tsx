import { GENERIC_ERROR_MESSAGE } from '@fanline/contracts';
import { AlertTriangle } from 'lucide-react';
import { Link, useRouteError } from 'react-router';
import { paths } from '../../paths';
import { Button } from '../ui/button';

/** Error boundary for a route section: a failed lazy chunk or render shows this instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <AlertTriangle className="h-10 w-10 text-amber-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-slate-600">{GENERIC_ERROR_MESSAGE}</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Try Again</Button>
        <Button asChild variant="secondary">
          <Link to={paths.home}>Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}
