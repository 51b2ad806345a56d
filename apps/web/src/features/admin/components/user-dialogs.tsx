import { formatCents, LIMITS, type TAdminUserRow, ZDisplayName } from '@fanline/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { usePlatformConfig } from '../../../lib/platform-config';
import type { editUser } from '../api/admin';
import { AccountDeletionPanel } from './account-deletion-panel';

/** spec §2: the read-only User Details dialog. */
export function UserDetailsDialog({ user, onClose }: { user: TAdminUserRow | null; onClose: () => void }) {
  const rows: [string, string][] = user
    ? [
        ['Display name', user.displayName ?? 'Unknown User'],
        ['Username', `@${user.username}`],
        ['Email', user.email ?? '—'],
        ['Bio', user.bio ?? '—'],
        [
          'Account',
          user.adminRole ? `Admin (${user.adminRole.replaceAll('_', ' ')})` : user.isCreator ? 'Creator' : 'User',
        ],
        ['Verified', user.verified ? 'Yes' : 'No'],
        ...(user.isCreator
          ? ([
              ['Message price', formatCents(user.messagePrice)],
              ['Available', user.isAvailable ? 'Yes' : 'No'],
              ['Featured', user.isFeatured ? 'Yes' : 'No'],
              ['Response rate', `${Math.round(user.responseRate)}%`],
            ] as [string, string][])
          : []),
        ['Joined', new Date(user.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })],
      ]
    : [];
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent title="User Details">
          <dl className="divide-y divide-slate-100 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="grid grid-cols-3 gap-2 py-2">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="col-span-2 break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <AccountDeletionPanel userId={user.id} isAdmin={user.adminRole !== null} />
        </DialogContent>
      )}
    </Dialog>
  );
}

type Edit = Parameters<typeof editUser>[1];

/** spec §2/§5: Edit User Profile; price 5–500 (25 when not a number); price, Available, Featured only for creators. */
export function EditUserDialog({
  user,
  canFeature,
  saving,
  onClose,
  onSave,
}: {
  user: TAdminUserRow | null;
  canFeature: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (edit: Edit) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent title="Edit User Profile">
          <EditForm key={user.id} user={user} canFeature={canFeature} saving={saving} onSave={onSave} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EditForm({
  user,
  canFeature,
  saving,
  onSave,
}: {
  user: TAdminUserRow;
  canFeature: boolean;
  saving: boolean;
  onSave: (edit: Edit) => void;
}) {
  const id = useId();
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [price, setPrice] = useState(String(user.messagePrice / 100));
  const [available, setAvailable] = useState(user.isAvailable);
  const [featured, setFeatured] = useState(user.isFeatured);
  const [error, setError] = useState<string | undefined>();
  const [nameError, setNameError] = useState<string | undefined>();
  const bounds = usePlatformConfig().price;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const edit: Edit = { bio: bio.trim() || null };
    // The same rule as the user's own edit (security review N9); an untouched name is not re-sent.
    if (displayName !== (user.displayName ?? '')) {
      const name = ZDisplayName.safeParse(displayName);
      if (!name.success) {
        setNameError(name.error.issues[0]?.message);
        return;
      }
      edit.displayName = name.data;
    }
    setNameError(undefined);
    if (user.isCreator) {
      const parsed = Number(price);
      const dollars = Number.isNaN(parsed) || price.trim() === '' ? LIMITS.price.defaultDollars : Math.round(parsed);
      // spec §5 Admin edit user: the price bounds in force (platform settings), not constants.
      if (dollars < bounds.minDollars || dollars > bounds.maxDollars) {
        setError(`Price must be between $${bounds.minDollars} and $${bounds.maxDollars}.`);
        return;
      }
      edit.messagePriceDollars = dollars;
      edit.isAvailable = available;
      if (canFeature) edit.isFeatured = featured;
    }
    setError(undefined);
    onSave(edit);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id={`${id}-name`} label="Display name" error={nameError}>
        <Input
          id={`${id}-name`}
          value={displayName}
          maxLength={LIMITS.displayName.max}
          onChange={(e) => setDisplayName(e.target.value)}
        />
      </Field>
      <Field id={`${id}-bio`} label="Bio" hint={`${bio.length}/${LIMITS.bio.max}`}>
        <Textarea
          id={`${id}-bio`}
          value={bio}
          maxLength={LIMITS.bio.max}
          rows={3}
          onChange={(e) => setBio(e.target.value)}
        />
      </Field>
      {user.isCreator && (
        <>
          <Field id={`${id}-price`} label="Message price ($)" error={error}>
            <Input
              id={`${id}-price`}
              type="number"
              min={bounds.minDollars}
              max={bounds.maxDollars}
              step={5}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </Field>
          <div className="flex items-center justify-between">
            <label htmlFor={`${id}-available`} className="text-sm font-medium text-slate-700">
              Available
            </label>
            <Switch id={`${id}-available`} checked={available} onCheckedChange={setAvailable} />
          </div>
          {canFeature && (
            <div className="flex items-center justify-between">
              <label htmlFor={`${id}-featured`} className="text-sm font-medium text-slate-700">
                Featured
              </label>
              <Switch id={`${id}-featured`} checked={featured} onCheckedChange={setFeatured} />
            </div>
          )}
        </>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
