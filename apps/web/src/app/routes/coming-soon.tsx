import { Construction } from 'lucide-react';
import { Link, useMatches } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';

/** Holds a route's place in the real layout until the issue that builds it lands (foundation issue §5). */
export function Component() {
  const match = useMatches().at(-1);
  const title = (match?.handle as { title?: string } | undefined)?.title ?? 'Coming soon';
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <Construction className="h-12 w-12 text-brand-600" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-lg font-medium text-slate-700">Coming soon</p>
      <p className="mt-2 text-slate-600">This part of Fanline is being built. Meanwhile you can discover creators.</p>
      <Button asChild className="mt-8">
        <Link to={paths.creators}>Discover Creators</Link>
      </Button>
    </section>
  );
}
