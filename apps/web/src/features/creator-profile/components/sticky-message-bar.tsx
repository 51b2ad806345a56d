import { formatCents } from '@fanline/contracts';
import { MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useScrolledPast } from '../../../lib/use-scrolled-past';

/** spec §2: the sticky Message button appears after scrolling 300 px. */
const SHOW_AFTER_PX = 300;

interface StickyMessageBarProps {
  username: string;
  priceCents: number;
  disabled?: boolean;
  onMessage: () => void;
  onIntent?: () => void;
}

export function StickyMessageBar({ username, priceCents, disabled, onMessage, onIntent }: StickyMessageBarProps) {
  const shown = useScrolledPast(SHOW_AFTER_PX);
  if (!shown) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex justify-center p-4 sm:justify-end sm:p-6">
      <Button
        size="lg"
        data-testid="sticky-message"
        className="pointer-events-auto w-full shadow-lg shadow-brand-900/20 sm:w-auto"
        disabled={disabled}
        onClick={onMessage}
        onPointerEnter={onIntent}
        onTouchStart={onIntent}
        onFocus={onIntent}
      >
        <MessageCircle className="h-5 w-5" aria-hidden="true" />
        Message @{username} · {formatCents(priceCents)}
      </Button>
    </div>
  );
}
