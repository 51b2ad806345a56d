import { Inbox } from 'lucide-react';
import { cn } from '../../lib/cn';
import { usePlatformConfig } from '../../lib/platform-config';

/**
 * Issue 36: on a demo or development server, "Check your email" leads somewhere: the mailbox of every
 * mail this server sent (a server page, /dev/outbox, opened in a new tab so this screen stays). The
 * server says whether there is one (`mailboxUrl`); production has none, so nothing shows there.
 */
export function DemoMailboxLink({ className }: { className?: string }) {
  const { mailboxUrl } = usePlatformConfig();
  if (!mailboxUrl) return null;
  return (
    <a
      href={mailboxUrl}
      target="_blank"
      rel="noopener"
      data-testid="demo-mailbox-link"
      className={cn('mt-2 inline-flex items-center gap-1.5 font-medium text-brand-700 underline', className)}
    >
      <Inbox className="h-4 w-4" aria-hidden="true" />
      Open the demo mailbox
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
