import { CloseAccountSection } from '../../components/account-closure/close-account-section';
import { DataExportPanel } from '../../components/data-export/data-export-panel';
import { AvatarUpload } from '../../features/account/components/avatar-upload';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { NotificationPreferences } from '../../features/account/components/notification-preferences';
import { CreatorSettings } from '../../features/creator-settings/creator-settings-page';

/**
 * /dashboard/settings (spec §2): the creator settings, with Edit Profile's account pieces composed in
 * (and, in Security, "Download my data": issue 41 point 1).
 */
export function Component() {
  return (
    <CreatorSettings
      avatar={<AvatarUpload />}
      notifications={<NotificationPreferences creator />}
      security={
        <>
          <ChangePasswordForm />
          <DataExportPanel />
          <CloseAccountSection creator />
        </>
      }
    />
  );
}
