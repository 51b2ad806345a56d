import { FlaskConical } from 'lucide-react';
import { usePlatformConfig } from '../../lib/platform-config';

/**
 * Issue 36: a demo (DEMO_MODE) says so on every page, with the way to its mail, in a strip at the foot of
 * the page (never above the content, which it would push down when the settings arrive). Never in
 * production.
 */
export default function DemoBanner() {
  const { mailboxUrl } = usePlatformConfig();
  return (
    <aside
      aria-label="Demo"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-slate-900 px-4 py-3 text-center text-sm text-white"
    >
      <span className="inline-flex items-center gap-1.5">
        <FlaskConical className="h-4 w-4" aria-hidden="true" />
        This is a demo.
      </span>
      {mailboxUrl && (
        <a href={mailboxUrl} target="_blank" rel="noopener" className="font-semibold underline">
          Read the mails it sent<span className="sr-only"> in the demo mailbox (opens in a new tab)</span>
        </a>
      )}
    </aside>
  );
}
