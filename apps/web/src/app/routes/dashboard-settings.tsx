import { CreatorSettings } from '../../features/creator-settings/creator-settings-page';
import { AvatarUpload } from '../../features/profile/components/avatar-upload';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { NotificationPreferences } from '../../features/profile/components/notification-preferences';

/** /dashboard/settings (spec §2): the creator settings, with Edit Profile's account pieces composed in. */
export function Component() {
  return (
    <CreatorSettings
      avatar={<AvatarUpload />}
      notifications={<NotificationPreferences creator />}
      security={<ChangePasswordForm />}
    />
  );
}
