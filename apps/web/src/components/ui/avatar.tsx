import { useState } from 'react';
import { cn } from '../../lib/cn';
import { initials } from '../../lib/format';

export interface AvatarProps {
  src?: string | null;
  name?: string | null;
  fallback?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

const SIZES = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm', lg: 'h-16 w-16 text-lg', xl: 'h-24 w-24 text-2xl' };

/** A round picture, or the person's initials when there is none or it fails to load. */
export function Avatar({ src, name, fallback, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const showImage = src && !failed;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700',
        SIZES[size],
        className,
      )}
    >
      {showImage ? (
        <img src={src} alt={name ?? ''} className="h-full w-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden={Boolean(name)}>{initials(name, fallback)}</span>
      )}
    </span>
  );
}
