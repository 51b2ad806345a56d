import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../paths';

interface ProfileProblemProps {
  icon: LucideIcon;
  title: string;
  body: string;
  onRetry?: () => void;
}

/** Not found, a bad name in the URL, or a failed load: a heading, a line and a way out. */
export function ProfileProblem({ icon, title, body, onRetry }: ProfileProblemProps) {
  return (
    <div className="mx-auto max-w-xl py-10">
      <EmptyState
        icon={icon}
        title={title}
        headingLevel={1}
        role={onRetry ? 'alert' : undefined}
        tone={onRetry ? 'error' : 'neutral'}
        action={
          <>
            {onRetry && <Button onClick={onRetry}>Try Again</Button>}
            <Button asChild variant={onRetry ? 'secondary' : 'primary'}>
              <Link to={paths.home}>Back to Home</Link>
            </Button>
            {!onRetry && (
              <Button asChild variant="secondary">
                <Link to={paths.creators}>Discover Creators</Link>
              </Button>
            )}
          </>
        }
      >
        {body}
      </EmptyState>
    </div>
  );
}
