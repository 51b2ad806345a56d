import { type ComponentProps, Suspense, useState } from 'react';
import { CreatorProfilePage } from '../../features/creator-profile/creator-profile-page';
import { lazyPart } from '../../lib/lazy-part';

// The messaging feature's dialog (its form, attachment picker, checkout, dialog primitives) is a chunk
// of its own: a profile's first load does not wait for code only Send Message needs (issue 14,
// Lighthouse on a profile). It is fetched when a visitor points at, touches or focuses a Message button,
// not at idle after load: evaluating it (its form, zod and dialog primitives) was a long task of its own
// in every first visit's load, read or not (decision 0037). A touch comes ~100 ms before its click.
const loadDialog = () => import('../../features/messaging/components/message-dialog');
const MessageDialog = lazyPart(() => loadDialog().then((module) => ({ default: module.MessageDialog })));

/** The dialog, mounted from its first opening on (closed, it renders nothing either way). */
function LazyMessageDialog(props: ComponentProps<typeof MessageDialog>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MessageDialog {...props} />
    </Suspense>
  );
}

/** /{username}: the public creator profile, whose Send Message opens the messaging feature's dialog. */
export function Component() {
  return (
    <CreatorProfilePage
      messageDialog={(props) => <LazyMessageDialog {...props} />}
      onMessageIntent={() => void loadDialog()}
    />
  );
}
