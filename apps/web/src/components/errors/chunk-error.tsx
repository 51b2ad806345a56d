import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClass } from '../ui/button-class';

/**
 * Issue 36 §9: a route's chunk did not arrive. The page's layout (header, footer) stays; this takes the
 * page's place. Offline, it says so and loads the page by itself once the browser is back online; online
 * (the automatic reload already happened once, see lib/chunk-reload), it offers a reload.
 */
export function ChunkError() {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  useEffect(() => {
    const online = () => window.location.reload();
    const off = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', off);
    };
  }, []);
  const Icon = offline ? WifiOff : RefreshCw;
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <Icon className="h-10 w-10 text-slate-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{offline ? "You're offline" : 'This page could not load'}</h1>
      <p className="text-slate-600">
        {offline
          ? 'This page needs a connection. It will load as soon as you are back online.'
          : 'A newer version of Fanline may have been published. Reloading usually fixes this.'}
      </p>
      <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
        {offline ? 'Try again' : 'Reload page'}
      </button>
    </div>
  );
}
