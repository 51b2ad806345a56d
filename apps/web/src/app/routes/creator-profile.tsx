import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { CreatorProfilePage } from '../../features/creator-profile/creator-profile-page';

// The messaging feature's dialog (its form, attachment picker, checkout, dialog primitives) is a chunk
// of its own: a profile's first load does not wait for code only Send Message needs (issue 14,
// Lighthouse on a profile). It is fetched once the page is idle, so the dialog opens at once.
const loadDialog = () => import('../../features/messaging/components/message-dialog');
const MessageDialog = lazy(() => loadDialog().then((module) => ({ default: module.MessageDialog })));

/** The dialog, mounted from its first opening on (closed, it renders nothing either way). */
function LazyMessageDialog(props: ComponentProps<typeof MessageDialog>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void loadDialog());
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MessageDialog {...props} />
    </Suspense>
  );
}

/** /{username}: the public creator profile, whose Send Message opens the messaging feature's dialog. */
export function Component() {
  return <CreatorProfilePage messageDialog={(props) => <LazyMessageDialog {...props} />} />;
}
