import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths, SUPPORT_EMAIL } from '../../paths';

/** spec §2 "any other path": links to / and /login and a support contact. */
export function Component() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <Compass className="h-12 w-12 text-brand-600" aria-hidden="true" />
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for doesn't exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.home}>Go to Home</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.login}>Sign In</Link>
        </Button>
      </div>
      <p className="mt-8 text-sm text-slate-600">
        Need help?{' '}
        <a className="font-medium text-brand-700 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
          Contact support
        </a>
      </p>
    </section>
  );
}
