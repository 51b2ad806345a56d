import { formatCents, LIMITS, MESSAGE_MESSAGES } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Clock, FlaskConical, Lock, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { useMessageEligibility } from '../../../components/creators/message-eligibility';
import { AgreementNote } from '../../../components/legal/agreement-note';
import { AttachmentPicker, type PickedImage } from '../../../components/messaging/attachment-picker';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FieldError, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { cn } from '../../../lib/cn';
import { whenIdle } from '../../../lib/idle';
import { useCopy } from '../../../lib/platform-config';
import { paymentConfigQuery, startCheckout, testSend } from '../api/checkout';
import { moneyBackCopy } from '../money-back-copy';
import { preloadMessageSchema, validateMessage } from '../utils/validate-message';

export interface TMessageRecipient {
  id: string;
  username: string;
  instagramVerified: boolean;
  /** Cents. Shown only: the server charges the price on the creator's profile. */
  messagePrice: number;
}

interface MessageDialogProps {
  creator: TMessageRecipient;
  /** Cents: what the fan's last paid message to this creator cost, when the price has changed since (issue 25). */
  previousPrice?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** spec §9: the counter turns orange below 100 characters left. */
const COUNTER_WARNING = 100;

const ASSURANCES = [
  { icon: Clock, text: 'Reply within {hours} or {notCharged}' },
  { icon: ShieldCheck, text: 'Secure payment' },
  { icon: Lock, text: 'Private conversation' },
] as const;

/** spec §2 Message dialog: write, then pay the creator's price (or test-send with the local provider, outside production). */
export function MessageDialog({ creator, previousPrice, open, onOpenChange }: MessageDialogProps) {
  const id = useId();
  const { user } = useSession();
  const copy = useCopy(moneyBackCopy);
  const config = useQuery({ ...paymentConfigQuery(), enabled: open });
  // Issue 36: asked before the fan writes; a blocked fan sees why instead of the form.
  const eligibility = useMessageEligibility(creator.username, open);
  const refusal = eligibility && !eligibility.canMessage ? eligibility.message : null;
  // The send rules' schema, once the dialog is on screen and the browser is idle: ready before a send.
  useEffect(() => {
    if (!open) return;
    whenIdle(preloadMessageSchema, { timeout: 1000, fallbackMs: 200 });
  }, [open]);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'pay' | 'test' | null>(null);
  const remaining = LIMITS.message.max - content.length;
  const price = formatCents(creator.messagePrice);

  const submit = async (mode: 'pay' | 'test') => {
    const problem = await validateMessage(content, Boolean(user));
    if (problem) {
      // Issue 36 §17: said once, on the field (a toast too covered the dialog's title at 375 px).
      setError(inlineProblem(problem));
      return;
    }
    setError(undefined);
    setBusy(mode);
    const input = {
      recipientId: creator.id,
      messageContent: content.trim(),
      attachmentIds: images.map((image) => image.id),
    };
    try {
      const target = mode === 'pay' ? (await startCheckout(input)).url : (await testSend(input)).redirectUrl;
      if (!target) {
        toast.error(MESSAGE_MESSAGES.paymentInitFailedTitle, { description: MESSAGE_MESSAGES.paymentUrlMissing });
        setBusy(null);
        return;
      }
      // The local checkout is our own page; Stripe's is theirs. Either way the browser leaves.
      window.location.assign(target);
    } catch (failure) {
      setBusy(null);
      await showFailure(failure, mode, setError, content);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={
          // A long username wraps inside the title's own width, clear of the close button (390 px), and
          // the badge follows the name on its last line.
          <span className="[overflow-wrap:anywhere]">
            <span>Send message to @{creator.username}</span>
            {creator.instagramVerified && (
              <span className="ml-1.5 inline-flex align-[-0.2em] text-brand-600" title="Verified">
                <BadgeCheck className="h-5 w-5" aria-hidden="true" />
                <span className="sr-only">Verified</span>
              </span>
            )}
          </span>
        }
        description="Your message is delivered once payment is confirmed."
      >
        {refusal ? (
          <div className="space-y-4">
            <p
              role="note"
              data-testid="message-refusal"
              className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-800"
            >
              {refusal}
            </p>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
            </div>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit('pay');
            }}
          >
            <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium text-slate-700">
              Your message
            </label>
            <Textarea
              id={`${id}-text`}
              rows={6}
              value={content}
              placeholder={`Write your message to @${creator.username}...`}
              aria-invalid={error ? true : undefined}
              aria-describedby={cn(`${id}-counter`, error && `${id}-error`)}
              onChange={(event) => {
                setContent(event.target.value);
                if (error) setError(undefined);
              }}
            />
            <div className="mt-1 flex items-start justify-between gap-3">
              <FieldError id={`${id}-error`}>{error}</FieldError>
              <p
                id={`${id}-counter`}
                aria-live="polite"
                className={cn(
                  'ml-auto shrink-0 text-xs',
                  remaining < 0 ? 'text-red-600' : remaining < COUNTER_WARNING ? 'text-orange-600' : 'text-slate-500',
                )}
              >
                {remaining} characters remaining
              </p>
            </div>

            <AttachmentPicker value={images} onChange={setImages} disabled={Boolean(busy)} />

            {previousPrice !== undefined && previousPrice !== creator.messagePrice && (
              <p role="note" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
                {priceChangeText(creator.username, previousPrice, creator.messagePrice)}
              </p>
            )}
            <div className="mt-4 flex items-center justify-between rounded-xl bg-slate-50 px-4 py-3">
              <span className="text-sm text-slate-600">Message cost</span>
              <span className="text-lg font-semibold text-slate-900">{price}</span>
            </div>

            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {ASSURANCES.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Icon className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  {copy(text)}
                </li>
              ))}
            </ul>

            <AgreementNote action="payment" className="mt-4" />

            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary" disabled={Boolean(busy)}>
                  Cancel
                </Button>
              </DialogClose>
              {config.data?.testSend && (
                <Button variant="secondary" disabled={Boolean(busy)} onClick={() => void submit('test')}>
                  <FlaskConical className="h-4 w-4" aria-hidden="true" />
                  {busy === 'test' ? 'Sending…' : 'Test send (no payment)'}
                </Button>
              )}
              <Button type="submit" disabled={Boolean(busy)}>
                {busy === 'pay' ? 'Redirecting to payment…' : `Send & Pay ${price}`}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Issue 25: "@lena's price changed from $50.00 to $80.00." (both from the fan's messages and the profile). */
export function priceChangeText(username: string, from: number, to: number): string {
  return `@${username}'s price changed from ${formatCents(from)} to ${formatCents(to)}.`;
}

/** "Message required. Please enter a message before sending.": the spec's title and its rule, in one line. */
function inlineProblem(problem: { title: string; text: string }): string {
  return `${problem.title}. ${problem.text}`;
}

/** spec §8 Payment/messaging: the server's words under the spec's titles. */
async function showFailure(failure: unknown, mode: 'pay' | 'test', setError: (text: string) => void, content: string) {
  const apiError = failure instanceof ApiError ? failure : null;
  const fieldText = apiError?.fields?.messageContent;
  if (fieldText) {
    // The server ran the same schema: the rule that failed here names the toast's title.
    const problem = (await validateMessage(content, true)) ?? {
      title: MESSAGE_MESSAGES.sendFailedTitle,
      text: fieldText,
    };
    setError(inlineProblem(problem));
    return;
  }
  if (apiError?.status === 401) {
    toast.error(MESSAGE_MESSAGES.authRequiredTitle, { description: MESSAGE_MESSAGES.authRequired });
    return;
  }
  if (mode === 'test') {
    toast.error(MESSAGE_MESSAGES.testBypassFailedTitle, {
      description: apiError?.message || MESSAGE_MESSAGES.testFailed,
    });
    return;
  }
  // The server answered (no such creator, not available, the payment provider is down…): the checkout could not start.
  // The creator cannot take it (a block made since the page loaded, a pause): nothing was charged.
  if (apiError?.code === 'CREATOR_UNAVAILABLE') {
    toast.error(MESSAGE_MESSAGES.sendFailedTitle, { description: apiError.message });
    return;
  }
  if (apiError?.code === 'PAYMENT_PROVIDER_UNAVAILABLE') {
    toast.error(MESSAGE_MESSAGES.paymentInitFailedTitle, { description: MESSAGE_MESSAGES.paymentInitFailed });
    return;
  }
  if (apiError && apiError.status > 0 && apiError.status < 500) {
    toast.error(MESSAGE_MESSAGES.paymentInitFailedTitle, {
      description: apiError.message || MESSAGE_MESSAGES.paymentInitFailed,
    });
    return;
  }
  toast.error(MESSAGE_MESSAGES.sendFailedTitle, {
    description: apiError?.status === 0 ? apiError.message : MESSAGE_MESSAGES.sendFailed,
  });
}
