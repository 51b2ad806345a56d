import { ADMIN_MESSAGES, ADMIN_USER_FILTERS, formatCents, type TAdminUserRow } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Crown, Eye, Pencil, Shield, Star, User, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useSession } from '../../lib/auth/session';
import { adminKeys, adminUsersQuery, editUser, makeCreator, setFeatured } from './api/admin';
import { ListBody, ListToolbar, Pager, useAdminList } from './components/admin-list';
import { StatCard } from './components/stat-card';
import { EditUserDialog, UserDetailsDialog } from './components/user-dialogs';

const FILTER_LABELS = { all: 'All', users: 'Users', creators: 'Creators', admins: 'Admins' } as const;

/** spec §2 Admin Users: stats, search, filters, rows with View, Make Creator, Feature/Unfeature, Edit. */
export function Component() {
  const { user: me } = useSession();
  const superAdmin = me?.adminRole === 'super_admin';
  const queryClient = useQueryClient();
  const list = useAdminList<(typeof ADMIN_USER_FILTERS)[number]>('all', ADMIN_USER_FILTERS);
  const [viewing, setViewing] = useState<TAdminUserRow | null>(null);
  const [editing, setEditing] = useState<TAdminUserRow | null>(null);
  const query = useQuery(adminUsersQuery(list.term, list.filter, list.page));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

  const promote = useMutation({
    mutationFn: makeCreator,
    onSuccess: () => {
      toast.success('Success', { description: 'The user is now a creator.' });
      void refresh();
    },
    onError: (error) => toast.error(ADMIN_MESSAGES.promoteFailed, { description: error.message }),
  });
  const feature = useMutation({
    mutationFn: ({ id, featured }: { id: string; featured: boolean }) => setFeatured(id, featured),
    onSuccess: (_data, { featured }) => {
      toast.success('Success', { description: featured ? 'Creator featured.' : 'Creator unfeatured.' });
      void refresh();
    },
    onError: (error) => toast.error(ADMIN_MESSAGES.featureFailed, { description: error.message }),
  });
  const edit = useMutation({
    mutationFn: ({ id, change }: { id: string; change: Parameters<typeof editUser>[1] }) => editUser(id, change),
    onSuccess: () => {
      toast.success(ADMIN_MESSAGES.updateSuccessTitle, { description: ADMIN_MESSAGES.updateSuccess });
      setEditing(null);
      void refresh();
    },
    onError: (error) => toast.error('Error', { description: ADMIN_MESSAGES.updateFailed(error.message) }),
  });

  const stats = query.data?.stats;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Users" icon={Users} value={stats?.total.toLocaleString('en-US')} />
        <StatCard label="Creators" icon={Star} value={stats?.creators.toLocaleString('en-US')} />
        <StatCard label="Verified" icon={BadgeCheck} value={stats?.verified.toLocaleString('en-US')} />
        <StatCard label="Admins" icon={Shield} value={stats?.admins.toLocaleString('en-US')} />
      </div>

      <ListToolbar
        list={list}
        noun="users"
        placeholder="Search by name, username or email..."
        filters={ADMIN_USER_FILTERS}
        labels={FILTER_LABELS}
      />

      <ListBody
        query={query}
        rows={(data) => data.users}
        errorTitle="Users could not be loaded"
        empty={
          <EmptyState icon={Users} title="No users found">
            Try another search or filter.
          </EmptyState>
        }
        skeletonClassName="h-16"
      >
        {(row) => (
          <UserRow
            key={row.id}
            row={row}
            superAdmin={superAdmin}
            busy={promote.isPending || feature.isPending}
            onView={() => setViewing(row)}
            onEdit={() => setEditing(row)}
            onMakeCreator={() => promote.mutate(row.id)}
            onFeature={() => feature.mutate({ id: row.id, featured: !row.isFeatured })}
          />
        )}
      </ListBody>

      <Pager list={list} page={query.data} />

      <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />
      <EditUserDialog
        user={editing}
        canFeature={superAdmin}
        saving={edit.isPending}
        onClose={() => setEditing(null)}
        onSave={(change) => editing && edit.mutate({ id: editing.id, change })}
      />
    </div>
  );
}

function UserRow({
  row,
  superAdmin,
  busy,
  onView,
  onEdit,
  onMakeCreator,
  onFeature,
}: {
  row: TAdminUserRow;
  superAdmin: boolean;
  busy: boolean;
  onView: () => void;
  onEdit: () => void;
  onMakeCreator: () => void;
  onFeature: () => void;
}) {
  // spec §2: the row icon says admin, creator or regular user.
  const Icon = row.adminRole ? Crown : row.isCreator ? Star : User;
  const name = row.displayName ?? 'Unknown User';
  return (
    <div className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          <Icon className="h-5 w-5" aria-label={row.adminRole ? 'Admin' : row.isCreator ? 'Creator' : 'User'} />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            <span className="truncate">{name}</span>
            {row.adminRole && (
              <Badge className="bg-purple-100 text-purple-800">{row.adminRole.replaceAll('_', ' ')}</Badge>
            )}
            {row.isCreator && <Badge className="bg-brand-50 text-brand-700">Creator</Badge>}
            {row.verified && <Badge className="bg-green-100 text-green-800">Verified</Badge>}
            {row.isFeatured && <Badge className="bg-amber-100 text-amber-800">Featured</Badge>}
          </p>
          <p className="truncate text-sm text-slate-500">
            @{row.username} · {row.email ?? 'no email'}
            {row.isCreator && ` · ${formatCents(row.messagePrice)}`}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onView} aria-label={`View ${name}`}>
          <Eye className="h-4 w-4" aria-hidden="true" />
          View
        </Button>
        {/* spec §6: Make Creator and Feature/Unfeature only for super admins (the server checks too). */}
        {superAdmin && !row.isCreator && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={onMakeCreator}
            aria-label={`Make Creator ${name}`}
          >
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            Make Creator
          </Button>
        )}
        {superAdmin && row.isCreator && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={onFeature}
            aria-label={`${row.isFeatured ? 'Unfeature' : 'Feature'} ${name}`}
          >
            <Star className="h-4 w-4" aria-hidden="true" />
            {row.isFeatured ? 'Unfeature' : 'Feature'}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </Button>
      </div>
    </div>
  );
}
