import { MessageSquareHeart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../paths';

export function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex items-center gap-2 rounded-md font-bold text-slate-900 text-xl"
      aria-label="Fanline home"
    >
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
        <MessageSquareHeart className="h-5 w-5" aria-hidden="true" />
      </span>
      <span>Fanline</span>
    </Link>
  );
}
