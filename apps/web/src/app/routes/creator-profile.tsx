import { CreatorProfilePage } from '../../features/creator-profile/creator-profile-page';
import { MessageDialog } from '../../features/messaging/components/message-dialog';

/** /{username}: the public creator profile, whose Send Message opens the messaging feature's dialog. */
export function Component() {
  return <CreatorProfilePage messageDialog={(props) => <MessageDialog {...props} />} />;
}
