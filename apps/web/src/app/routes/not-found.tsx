import { Link } from 'react-router';
import { NotFoundPanel } from '../../components/errors/not-found-panel';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';

/** spec §2 "any other path": links to / and /login and a support contact (the one not-found design). */
export function Component() {
  return (
    <NotFoundPanel
      title="Page not found"
      body="The page you are looking for doesn't exist or has moved."
      actions={
        <>
          <Button asChild>
            <Link to={paths.home}>Go to Home</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.login}>Sign In</Link>
          </Button>
        </>
      }
    />
  );
}
