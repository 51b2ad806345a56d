import type { TThreadMessage } from '@fanline/contracts';
import { Fragment, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { RelativeTime } from '../ui/relative-time';
import { AttachmentGallery } from './attachment-picker';
import { ReportButton } from './report-button';
import { type TThreadItem, threadItems } from './thread-items';

/** spec §2 conversation thread: the messages and the creator's answers in time order. */
export function Thread({
  messages,
  children,
}: {
  messages: readonly TThreadMessage[];
  /** One ThreadBubble per item: each role labels and badges them its own way. */
  children: (item: TThreadItem) => ReactNode;
}) {
  return (
    <ol aria-label="Messages" className="space-y-4">
      {threadItems(messages).map((item) => (
        <Fragment key={item.key}>{children(item)}</Fragment>
      ))}
    </ol>
  );
}

interface ThreadBubbleProps {
  item: TThreadItem;
  /** The other party's items sit on the left in grey, the viewer's own on the right in brand colour. */
  fromOther: boolean;
  /** Who wrote it, above the bubble. */
  label: string;
  /** After the time: the creator's view puts per-message badges here. */
  badges?: ReactNode;
  metaClassName?: string;
  /** Under the bubble: the sender's payment status. */
  children?: ReactNode;
}

export function ThreadBubble({ item, fromOther, label, badges, metaClassName, children }: ThreadBubbleProps) {
  return (
    <li className={cn('flex', fromOther ? 'justify-start' : 'justify-end')}>
      <div className="max-w-[85%] min-w-0 sm:max-w-[75%]">
        <p className={cn('mb-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-500', metaClassName)}>
          <span className="font-medium text-slate-700">{label}</span>
          <RelativeTime iso={item.at} />
          {badges}
          {/* Only the other party's words can be reported (issue #12). */}
          {fromOther && (
            <ReportButton messageId={item.message.id} target={item.kind === 'response' ? 'reply' : 'message'} />
          )}
        </p>
        <div
          className={cn(
            'rounded-2xl px-4 py-3 text-sm whitespace-pre-wrap break-words',
            fromOther ? 'rounded-tl-sm bg-slate-100 text-slate-900' : 'rounded-tr-sm bg-brand-600 text-white',
          )}
        >
          {item.kind === 'response' ? item.content : item.message.content}
        </div>
        <AttachmentGallery
          owner={label}
          images={(item.message.attachments ?? []).filter(
            (a) => a.part === (item.kind === 'response' ? 'response' : 'message'),
          )}
        />
        {children}
      </div>
    </li>
  );
}
