import {
  LIMITS,
  PAYOUT_MESSAGES,
  priceProblem,
  type TSessionUser,
  type TUpdateProfileRequest,
  ZDisplayName,
  ZUsername,
} from '@fanline/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, DollarSign, Shield, ShieldBan, User, Wallet } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fieldAria } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { UsernameInput } from '../../components/ui/username-input';
import { UsernameStatus } from '../../components/ui/username-status';
import { ApiError } from '../../lib/api-client';
import { sessionKey, useSession } from '../../lib/auth/session';
import { useUsernameAvailability } from '../../lib/auth/use-username-availability';
import { priceBoundsQuery, saveCreatorSettings } from './api/creator-settings';
import { BlockedFans } from './components/blocked-fans';
import { CapacitySettings } from './components/capacity-settings';
import { CategoriesField } from './components/categories-field';
import { CoverUpload } from './components/cover-upload';
import { PayoutPanel } from './components/payout-panel';
import { PortfolioEditor } from './components/portfolio-editor';
import { PricingFields } from './components/pricing-fields';
import { useStripeReturn } from './hooks/use-stripe-return';

const TABS = [
  { value: 'profile', label: 'Profile', icon: User },
  { value: 'pricing', label: 'Pricing', icon: DollarSign },
  { value: 'notifications', label: 'Notifications', icon: Bell },
  { value: 'security', label: 'Security', icon: Shield },
  { value: 'payout', label: 'Payout', icon: Wallet },
  { value: 'blocked', label: 'Blocked', icon: ShieldBan },
] as const;
type TTab = (typeof TABS)[number]['value'];

const ZProfileText = z.object({
  displayName: ZDisplayName,
  username: ZUsername,
  bio: z.string().max(LIMITS.bio.max, `Bio must be at most ${LIMITS.bio.max} characters.`),
});
type TProfileText = z.input<typeof ZProfileText>;

export interface CreatorSettingsSlots {
  /** Composed by the route: the shared account pieces of Edit Profile. */
  avatar: ReactNode;
  notifications: ReactNode;
  security: ReactNode;
}

/**
 * spec §2 Creator settings: tabs Profile, Pricing, Notifications, Security, Payout, Blocked. Issue 36 §15:
 * each form has its own Save Changes at its foot, not one page-wide button above every tab.
 */
export function CreatorSettings(slots: CreatorSettingsSlots) {
  const { user } = useSession();
  useStripeReturn();
  if (!user) return null;
  // A fresh draft whenever the saved profile changes (after a save, or another tab's).
  return <SettingsForm key={`${user.username}:${user.messagePrice}:${user.isAvailable}`} user={user} {...slots} />;
}

function SettingsForm({ user, avatar, notifications, security }: CreatorSettingsSlots & { user: TSessionUser }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TTab = TABS.some((t) => t.value === requested) ? (requested as TTab) : 'profile';
  // On a phone the tabs scroll sideways: keep the open one (say ?tab=blocked from a link) in view.
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabList.current
      ?.querySelector(`[role="tab"][id$="-trigger-${tab}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const setTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'profile') next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const bounds = useQuery(priceBoundsQuery()).data;
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isDirty },
  } = useForm<TProfileText>({
    resolver: zodResolver(ZProfileText),
    defaultValues: { displayName: user.displayName ?? '', username: user.username, bio: user.bio ?? '' },
  });
  const [price, setPrice] = useState(String(user.messagePrice / 100));
  const [isAvailable, setAvailable] = useState(user.isAvailable);
  const [disciplines, setDisciplines] = useState(user.disciplines);
  const [portfolio, setPortfolio] = useState(user.portfolioImages);
  const [priceError, setPriceError] = useState<string>();
  const username = watch('username');
  const bioLength = watch('bio').length;
  const { status: usernameStatus, markTaken } = useUsernameAvailability(username, user.username);
  const usernameField = register('username');

  const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  const priceCents = Math.round(Number(price) * 100);
  const profileDirty = isDirty || !same(disciplines, user.disciplines) || !same(portfolio, user.portfolioImages);
  const pricingDirty = priceCents !== user.messagePrice || isAvailable !== user.isAvailable;

  const refreshEverywhere = () =>
    // The public profile, cards, browse filters and the message dialog all read the creator anew.
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });

  const save = useMutation({
    mutationFn: saveCreatorSettings,
    onSuccess: (updated) => {
      setUser(updated);
      void refreshEverywhere();
      toast.success(PAYOUT_MESSAGES.saved, { description: PAYOUT_MESSAGES.savedBody });
    },
    onError: (error, body) => {
      if (error instanceof ApiError && error.code === 'USERNAME_TAKEN' && body.username) {
        markTaken(body.username);
        setError('username', { message: error.message });
      }
      if (error instanceof ApiError && error.fields?.messagePrice) {
        setPriceError(error.fields.messagePrice);
        setTab('pricing');
      }
      const description =
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? error.message
          : PAYOUT_MESSAGES.saveFailed;
      toast.error('Error', { description });
    },
  });

  // Issue 36 §15: one save per form, beside it. The Profile form saves the profile's fields, the Pricing
  // form the price and availability; a tab without a form of this page (Notifications, Security,
  // Payout, Blocked) has its own save or none.
  const submitProfile = handleSubmit(
    (values) => {
      const body: TUpdateProfileRequest = {};
      if (values.displayName.trim() !== (user.displayName ?? '')) body.displayName = values.displayName.trim();
      if (values.username !== user.username) body.username = values.username;
      if (values.bio !== (user.bio ?? '')) body.bio = values.bio || null;
      if (!same(disciplines, user.disciplines)) body.disciplines = disciplines;
      if (!same(portfolio, user.portfolioImages)) body.portfolioImages = portfolio;
      save.mutate(body);
    },
    () => setTab('profile'),
  );
  const submitPricing = () => {
    const problem = bounds ? priceProblem(priceCents, bounds) : null;
    if (problem || Number.isNaN(priceCents)) {
      setPriceError(problem ?? 'Enter a price in whole dollars.');
      return;
    }
    setPriceError(undefined);
    const body: TUpdateProfileRequest = {};
    if (priceCents !== user.messagePrice) body.messagePrice = priceCents;
    if (isAvailable !== user.isAvailable) body.isAvailable = isAvailable;
    save.mutate(body);
  };
  const onProfileSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitProfile();
  };
  const onPricingSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitPricing();
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id={`${id}-title`} className="text-2xl font-bold sm:text-3xl">
            Creator Settings
          </h1>
          <p className="mt-1 text-slate-600">
            {user.instagramVerified
              ? `Verified on Threads as @${user.instagramUsername ?? user.username}.`
              : 'Your profile, price, notifications, security, payouts and the people you blocked.'}
          </p>
        </div>
      </div>
      <Tabs className="mt-6" value={tab} onValueChange={setTab}>
        {/* Issue 36 §15: six tabs do not fit 375 px; they wrap, so Payout and Blocked are never cut off. */}
        <TabsList ref={tabList} aria-label="Creator settings" className="flex flex-wrap">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <Card className="mt-4 p-4 sm:p-6">
          <TabsContent value="profile">
            <form noValidate onSubmit={onProfileSubmit} className="space-y-6">
              {avatar}
              <CoverUpload onChanged={() => void refreshEverywhere()} />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id={`${id}-displayName`} label="Display name" required error={errors.displayName?.message}>
                  <Input
                    autoComplete="name"
                    {...fieldAria(`${id}-displayName`, errors.displayName?.message, false, true)}
                    {...register('displayName')}
                  />
                </Field>
                <div>
                  <Field id={`${id}-username`} label="Username" required error={errors.username?.message}>
                    <UsernameInput
                      id={`${id}-username`}
                      field={usernameField}
                      error={errors.username?.message}
                      invalid={Boolean(errors.username || usernameStatus === 'taken')}
                    />
                  </Field>
                  <UsernameStatus id={`${id}-username-status`} status={usernameStatus} />
                </div>
              </div>
              <Field
                id={`${id}-bio`}
                label="Bio"
                error={errors.bio?.message}
                hint={`${bioLength}/${LIMITS.bio.max} characters`}
              >
                <Textarea
                  rows={4}
                  placeholder="Tell fans what to ask you about"
                  {...fieldAria(`${id}-bio`, errors.bio?.message, true)}
                  {...register('bio')}
                />
              </Field>
              <CategoriesField value={disciplines} onChange={setDisciplines} />
              <PortfolioEditor value={portfolio} onChange={setPortfolio} onUploaded={() => void refreshEverywhere()} />
              <div className="flex justify-end border-t border-slate-200 pt-4">
                <Button type="submit" disabled={save.isPending || !profileDirty || usernameStatus === 'taken'}>
                  {save.isPending ? 'Saving…' : 'Save Changes'}
                </Button>
              </div>
            </form>
          </TabsContent>
          <TabsContent value="pricing">
            <form noValidate onSubmit={onPricingSubmit}>
              <PricingFields
                priceDollars={price}
                onPriceChange={(value) => {
                  setPrice(value);
                  setPriceError(undefined);
                }}
                isAvailable={isAvailable}
                onAvailableChange={setAvailable}
                error={priceError}
              />
              <div className="mt-4 flex justify-end">
                <Button type="submit" disabled={save.isPending || !pricingDirty}>
                  {save.isPending ? 'Saving…' : 'Save Changes'}
                </Button>
              </div>
            </form>
            <CapacitySettings />
          </TabsContent>
          <TabsContent value="notifications">{notifications}</TabsContent>
          <TabsContent value="security">{security}</TabsContent>
          <TabsContent value="payout">
            <PayoutPanel />
          </TabsContent>
          <TabsContent value="blocked">
            <BlockedFans />
          </TabsContent>
        </Card>
      </Tabs>
    </section>
  );
}
