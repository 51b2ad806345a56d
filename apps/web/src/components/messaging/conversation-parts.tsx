import type { TConversationDetail } from '@fanline/contracts';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { href } from '../../paths';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { messageCountLabel } from '../ui/conversation-list-item';
import { EmptyState } from '../ui/empty-state';

// What the sender's /messages/{id} and the creator's /dashboard/messages/{id} pages have in common;
// each page keeps its own layout, header figures, thread and reply box.

/** The way back to the list above a conversation. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** A conversation the viewer may not open, or that does not exist: the page's heading, and a way back. */
export function ConversationNotFound({
  icon,
  title,
  back,
  children,
}: {
  icon: LucideIcon;
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      headingLevel={1}
      title={title}
      action={
        <Button asChild>
          <Link to={back.to}>{back.label}</Link>
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}

/** The conversation card: a header, the thread, and the reply box when the viewer may write. */
export function ConversationCard({
  header,
  headerClassName,
  footer,
  children,
}: {
  header: ReactNode;
  headerClassName: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex min-w-0 flex-col">
      <header className={cn('border-b border-slate-200 p-4 sm:p-5', headerClassName)}>{header}</header>
      <div className="p-4 sm:p-5">{children}</div>
      {footer && <footer className="border-t border-slate-200 bg-slate-50/60 p-4 sm:p-5">{footer}</footer>}
    </Card>
  );
}

/** The other party as the page's heading: avatar, name, @username and how many messages there are. */
export function ConversationParty({
  detail,
  linkCreator,
  className,
}: {
  detail: TConversationDetail;
  /** The sender's view links a creator's @username to their public profile. */
  linkCreator?: boolean;
  className?: string;
}) {
  const other = detail.otherParty;
  const name = other.displayName || other.username;
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <span aria-hidden="true">
        <Avatar src={other.avatarUrl} name={name} />
      </span>
      <div className="min-w-0">
        <h1 className="truncate text-lg font-semibold text-slate-900">{name}</h1>
        <p className="truncate text-sm text-slate-500">
          {linkCreator && other.isCreator ? (
            <Link
              to={href.creatorProfile(other.username)}
              className="text-brand-700 underline underline-offset-2 hover:decoration-2"
            >
              @{other.username}
            </Link>
          ) : (
            `@${other.username}`
          )}{' '}
          · {messageCountLabel(detail.messages.length)}
        </p>
      </div>
    </div>
  );
}
