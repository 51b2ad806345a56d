import type { TNotification, TNotificationsResponse } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { liveKeys } from '../../../lib/realtime/live-keys';
import { markAllNotificationsRead, markNotificationRead, notificationsQuery } from '../api/notifications';
import { notificationTarget } from '../utils/notification-target';

/** spec §2 Creator layout: the bell popover (newest 10, unread count, mark one or all read). Live via SSE. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQuery());
  const unread = query.data?.unreadCount ?? 0;

  // Optimistic: the badge drops at once; the server's answer (and the stream) confirm it.
  const setRead = (ids: string[] | 'all') =>
    queryClient.setQueryData<TNotificationsResponse>(liveKeys.notifications, (current) => {
      if (!current) return current;
      const hit = (n: TNotification) => ids === 'all' || ids.includes(n.id);
      const newlyRead = current.notifications.filter((n) => hit(n) && !n.isRead).length;
      return {
        notifications: current.notifications.map((n) => (hit(n) ? { ...n, isRead: true } : n)),
        unreadCount: ids === 'all' ? 0 : Math.max(0, current.unreadCount - newlyRead),
      };
    });
  const settle = () => queryClient.invalidateQueries({ queryKey: liveKeys.notifications });

  const readOne = useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => setRead([id]),
    onSettled: settle,
  });
  const readAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => setRead('all'),
    onSettled: settle,
  });

  const openNotification = (notification: TNotification) => {
    if (!notification.isRead) readOne.mutate(notification.id);
    setOpen(false);
    const target = notificationTarget(notification);
    if (target) navigate(target);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        {/* The name holds the badge's visible text, "9+" included (WCAG 2.5.3 Label in Name; axe, decision 0028). */}
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${badgeText(unread)} unread` : 'Notifications'}
        >
          <Bell className="h-5 w-5" aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="unread-count"
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
            >
              {badgeText(unread)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96" aria-label="Notifications">
        <div className="-mt-1 flex items-center justify-between gap-3 border-b border-slate-200 pb-3">
          <h2 className="font-semibold text-slate-900">Notifications</h2>
          <Button
            variant="link"
            size="sm"
            className="h-auto"
            disabled={unread === 0 || readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            Mark all as read
          </Button>
        </div>
        {query.isPending ? (
          <div role="status" aria-label="Loading notifications" className="space-y-3 pt-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isLoadingError ? (
          <p role="alert" className="pt-4 text-sm text-red-700">
            Failed to load notifications.
          </p>
        ) : query.data.notifications.length === 0 ? (
          <div className="flex flex-col items-center gap-2 pt-8 pb-4 text-center text-sm text-slate-500">
            <BellOff className="h-6 w-6" aria-hidden="true" />
            No notifications yet
          </div>
        ) : (
          <ul className="-mx-4 -mb-4 divide-y divide-slate-100">
            {query.data.notifications.map((notification) => (
              <li key={notification.id}>
                <button
                  type="button"
                  onClick={() => openNotification(notification)}
                  className={cn(
                    'flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none',
                    !notification.isRead && 'bg-brand-50/60',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mt-1.5 h-2 w-2 shrink-0 rounded-full',
                      notification.isRead ? 'bg-transparent' : 'bg-brand-600',
                    )}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium text-slate-900">
                      {notification.title}
                      {!notification.isRead && <span className="sr-only"> (unread)</span>}
                    </span>
                    <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-600">
                      {notification.body}
                    </span>
                    <RelativeTime iso={notification.createdAt} className="mt-1 block text-xs text-slate-500" />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

/** The badge's words: the count, or "9+" past nine. */
function badgeText(unread: number): string {
  return unread > 9 ? '9+' : String(unread);
}
