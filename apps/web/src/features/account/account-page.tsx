import { Bell, CreditCard, Shield, User } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CloseAccountSection } from '../../components/account-closure/close-account-section';
import { RequireAuth } from '../../components/auth/require-auth';
import { DataExportPanel } from '../../components/data-export/data-export-panel';
import { Card } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useSession } from '../../lib/auth/session';
import { BillingOverview } from './components/billing-overview';
import { ChangePasswordForm } from './components/change-password-form';
import { NotificationPreferences } from './components/notification-preferences';
import { ProfileForm } from './components/profile-form';

const TABS = [
  { value: 'profile', label: 'Profile', icon: User },
  { value: 'notifications', label: 'Notifications', icon: Bell },
  { value: 'security', label: 'Security', icon: Shield },
  { value: 'billing', label: 'Billing', icon: CreditCard },
] as const;
type TTab = (typeof TABS)[number]['value'];

/** spec §2 /profile Edit Profile: tabs Profile, Notifications, Security, Billing. */
export function Component() {
  return (
    <RequireAuth>
      <EditProfile />
    </RequireAuth>
  );
}

function EditProfile() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TTab = TABS.some((t) => t.value === requested) ? (requested as TTab) : 'profile';
  if (!user) return null;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Edit Profile</h1>
      <p className="mt-1 text-slate-600">Manage your profile, notifications and account security.</p>
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'profile' ? {} : { tab: value }, { replace: true, preventScrollReset: true })
        }
      >
        <TabsList aria-label="Profile settings">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <Card className="mt-6 p-6">
          <TabsContent value="profile">
            <ProfileForm user={user} />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationPreferences />
          </TabsContent>
          <TabsContent value="security">
            <ChangePasswordForm />
            <DataExportPanel />
            <CloseAccountSection creator={user.isCreator} />
          </TabsContent>
          <TabsContent value="billing">
            <BillingOverview />
          </TabsContent>
        </Card>
      </Tabs>
    </section>
  );
}
