import { formatCents, MESSAGE_MESSAGES, ZLocalPayRequest } from '@fanline/contracts';
import { Lock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { AgreementNote } from '../../../components/legal/agreement-note';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldAria } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { payLocalCheckout, type TLocalPayInput } from '../api/checkout';
import { formatCardNumber, formatExpiry, futureExpiry, TEST_CARDS } from '../utils/card-fields';

type TErrors = Partial<Record<keyof TLocalPayInput, string>>;

/** The test checkout's card form: validated with the server's schema, paid through the local provider. */
export function CardForm({ paymentId, amount }: { paymentId: string; amount: number }) {
  const id = useId();
  const [values, setValues] = useState<TLocalPayInput>({ cardNumber: '', expiry: '', cvc: '', name: '' });
  const [errors, setErrors] = useState<TErrors>({});
  const [formError, setFormError] = useState<string>();
  const [paying, setPaying] = useState(false);

  const set = (key: keyof TLocalPayInput, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = ZLocalPayRequest.safeParse(values);
    if (!parsed.success) {
      const next: TErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof TLocalPayInput;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setPaying(true);
    try {
      const { redirectUrl } = await payLocalCheckout(paymentId, values);
      window.location.assign(redirectUrl);
    } catch (failure) {
      setPaying(false);
      const apiError = failure instanceof ApiError ? failure : null;
      const fields = apiError?.fields as TErrors | undefined;
      if (apiError?.code === 'CARD_DECLINED') setErrors({ cardNumber: MESSAGE_MESSAGES.cardDeclined });
      else if (fields && Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(apiError?.message ?? 'The payment did not go through. Please try again.');
    }
  };

  const aria = (key: keyof TLocalPayInput, hint = false) => fieldAria(`${id}-${key}`, errors[key], hint, true);
  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
      <div className="rounded-xl border border-dashed border-slate-300 p-3 text-sm text-slate-700">
        <p>
          Test card <span className="font-mono font-medium">{TEST_CARDS.success}</span> succeeds;{' '}
          <span className="font-mono font-medium">{TEST_CARDS.declined}</span> is declined. Any future expiry and any
          CVC.
        </p>
        <Button
          variant="link"
          size="sm"
          className="h-auto py-1"
          onClick={() => {
            setValues((current) => ({
              cardNumber: TEST_CARDS.success,
              expiry: futureExpiry(),
              cvc: '123',
              name: current.name || 'Test Fan',
            }));
            setErrors({});
          }}
        >
          Fill in the test card
        </Button>
      </div>

      <Field id={`${id}-cardNumber`} label="Card number" error={errors.cardNumber} required>
        <Input
          {...aria('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={values.cardNumber}
          onChange={(event) => set('cardNumber', formatCardNumber(event.target.value))}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id={`${id}-expiry`} label="Expiry" error={errors.expiry} required>
          <Input
            {...aria('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={values.expiry}
            onChange={(event) => set('expiry', formatExpiry(event.target.value))}
          />
        </Field>
        <Field id={`${id}-cvc`} label="CVC" error={errors.cvc} required>
          <Input
            {...aria('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            onChange={(event) => set('cvc', event.target.value.replace(/\D/g, ''))}
          />
        </Field>
      </div>
      <Field id={`${id}-name`} label="Name on card" error={errors.name} required>
        <Input
          {...aria('name')}
          autoComplete="cc-name"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
        />
      </Field>

      {formError && <Alert>{formError}</Alert>}

      <Button type="submit" size="lg" className="w-full" disabled={paying}>
        <Lock className="h-4 w-4" aria-hidden="true" />
        {paying ? 'Processing…' : `Pay ${formatCents(amount)}`}
      </Button>
      <AgreementNote action="payment" className="text-center" />
    </form>
  );
}
