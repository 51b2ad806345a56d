import { CloseAccountSection } from '../../components/account-closure/close-account-section';
import { AvatarUpload } from '../../features/account/components/avatar-upload';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { NotificationPreferences } from '../../features/account/components/notification-preferences';
import { CreatorSettings } from '../../features/creator-settings/creator-settings-page';

/** /dashboard/settings (spec §2): the creator settings, with Edit Profile's account pieces composed in. */
export function Component() {
  return (
    <CreatorSettings
      avatar={<AvatarUpload />}
      notifications={<NotificationPreferences creator />}
      security={
        <>
          <ChangePasswordForm />
          <CloseAccountSection creator />
        </>
      }
    />
  );
}
