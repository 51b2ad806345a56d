import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { CreatorQuickSearch } from '../../../components/creators/creator-quick-search';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button-class';
import { useCopy } from '../../../lib/platform-config';
import { href, paths } from '../../../paths';
import { StatTiles } from './stat-tiles';

export function Hero() {
  const copy = useCopy();
  return (
    <section className="bg-linear-to-b from-brand-50 via-white to-white">
      <div className="mx-auto max-w-5xl px-4 pt-14 pb-16 text-center sm:px-6 sm:pt-20">
        <Badge className="bg-white px-3 py-1 text-sm text-brand-700 ring-1 ring-brand-200">
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          {/* spec §2 badge; the window follows the platform setting. */}
          {copy('{hours} or refund')}
        </Badge>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
          Direct Messages <span className="text-brand-600">That Pay</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
          Pay to message the creators you love and get a personal reply.{' '}
          {copy("If they don't answer within {hours}, your money comes back automatically.")}
        </p>
        <div className="mt-8">
          <CreatorQuickSearch />
        </div>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.creators} className={buttonClass({ size: 'lg' })}>
            Discover Creators
          </Link>
          <Link to={href.signup('creator')} className={buttonClass({ size: 'lg', variant: 'secondary' })}>
            Join as Creator
          </Link>
        </div>
        <StatTiles />
      </div>
    </section>
  );
}
