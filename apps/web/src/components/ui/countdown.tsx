import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` while mounted (for countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Milliseconds left as "hh:mm:ss", stopping at "00:00:00" (hours may pass 99 for long windows). */
export function formatClock(msLeft: number): string {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Milliseconds left as "Xh Ym remaining", or "Expired" once none are. */
export function formatRemaining(msLeft: number): string {
  if (msLeft <= 0) return 'Expired';
  const minutes = Math.floor(msLeft / 60_000);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m remaining`;
}

interface CountdownProps {
  /** The deadline (ISO timestamp). */
  until: string;
  format: 'clock' | 'remaining';
  className?: string;
}

/** A ticking countdown to `until`; only this element re-renders every second. */
export function Countdown({ until, format, className }: CountdownProps) {
  const now = useNow(format === 'clock' ? 1000 : 15_000);
  const left = new Date(until).getTime() - now;
  return (
    <time dateTime={until} className={className}>
      {format === 'clock' ? formatClock(left) : formatRemaining(left)}
    </time>
  );
}
