import {
  type Form,
  type FormValue,
  int,
  metadata,
  obj,
  oneOf,
  onlyKnown,
  paramError,
  str,
  url,
} from './stand-in-checks';

export interface SessionRequest {
  mode: 'payment';
  amountTotal: number;
  currency: string;
  captureMethod: 'automatic' | 'automatic_async' | 'manual';
  /**
   * What the caller allowed (`allowed_payment_method_types`); null: the Dashboard's methods, delayed
   * ones included. Since API 2026-09-30.endive (the SDK's 2026-10-28.endive too) Stripe refuses the old
   * `payment_method_types` on create; this filter replaced it (Stripe changelog, Checkout.SessionCreateParams d.ts).
   */
  allowedMethodTypes: string[] | null;
  intentMetadata: Record<string, string>;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
  successUrl: string;
  cancelUrl: string | null;
  expiresAt: number;
}

const SESSION_PARAMS = [
  'mode',
  'line_items',
  'payment_intent_data',
  'metadata',
  'client_reference_id',
  'success_url',
  'cancel_url',
  'expires_at',
  'allowed_payment_method_types',
  'customer_email',
  'locale',
  'expand',
];
const LINE_ITEM_PARAMS = ['price_data', 'quantity'];
const PRICE_DATA_PARAMS = ['currency', 'unit_amount', 'product_data'];
const PRODUCT_DATA_PARAMS = ['name', 'description'];
/**
 * The payment method types the stand-in knows: cards confirm at once; the others are delayed
 * notification methods (a bank debit), whose session completes `unpaid` with its intent `processing`.
 */
export const DELAYED_METHODS = ['us_bank_account', 'sepa_debit', 'bacs_debit', 'acss_debit'];
const METHOD_TYPES = ['card', 'link', ...DELAYED_METHODS];
const INTENT_DATA_PARAMS = ['capture_method', 'metadata', 'description', 'statement_descriptor_suffix'];

/**
 * POST /v1/checkout/sessions as Stripe's API reference describes it, for the subset Fanline uses:
 * one-off payments with inline price_data. Anything outside that subset is refused loudly, so a
 * change in what we send cannot pass unnoticed.
 */
export function checkSessionCreate(form: Form, nowS: number): SessionRequest {
  onlyKnown(form, SESSION_PARAMS);
  const mode = oneOf(str(form, 'mode', '', true), ['payment', 'setup', 'subscription'], 'mode');
  if (mode !== 'payment') throw paramError('The stand-in only models mode=payment', 'mode');

  const items = form.line_items;
  if (!Array.isArray(items) || items.length === 0) {
    throw paramError('line_items is required in payment mode.', 'line_items');
  }
  let amountTotal = 0;
  let currency: string | undefined;
  items.forEach((item: FormValue, i) => {
    const p = `line_items[${i}]`;
    if (typeof item !== 'object' || Array.isArray(item)) throw paramError('Invalid line item', p);
    onlyKnown(item, LINE_ITEM_PARAMS, `${p}[`);
    const quantity = int(item, 'quantity', `${p}[`, true) ?? 0;
    if (quantity < 1) throw paramError('Quantity must be at least 1', `${p}[quantity]`);
    const priceData = obj(item, 'price_data', `${p}[`);
    if (!priceData) throw paramError(`You must specify either price or price_data for ${p}.`, p);
    const pp = `${p}[price_data][`;
    onlyKnown(priceData, PRICE_DATA_PARAMS, pp);
    const itemCurrency = str(priceData, 'currency', pp, true) ?? '';
    if (!/^[a-z]{3}$/.test(itemCurrency)) throw paramError('Invalid currency', `${pp}currency]`);
    if (currency && currency !== itemCurrency) throw paramError('All line items must share one currency', pp);
    currency = itemCurrency;
    const unitAmount = int(priceData, 'unit_amount', pp, true) ?? -1;
    if (unitAmount < 0) throw paramError('unit_amount must be a non-negative integer', `${pp}unit_amount]`);
    const product = obj(priceData, 'product_data', pp);
    if (!product) throw paramError('You must specify either product or product_data', `${pp}product_data]`);
    onlyKnown(product, PRODUCT_DATA_PARAMS, `${pp}product_data][`);
    if (!str(product, 'name', `${pp}product_data][`, true)) {
      throw paramError('product_data[name] must not be empty', `${pp}product_data][name]`);
    }
    amountTotal += unitAmount * quantity;
  });
  // Stripe's minimum charge in USD.
  if (currency === 'usd' && amountTotal < 50) {
    throw paramError("The Checkout Session's total amount due must add up to at least $0.50 usd");
  }

  const intentData = obj(form, 'payment_intent_data') ?? {};
  onlyKnown(intentData, INTENT_DATA_PARAMS, 'payment_intent_data[');
  const captureMethod =
    oneOf(
      str(intentData, 'capture_method', 'payment_intent_data['),
      ['automatic', 'automatic_async', 'manual'] as const,
      'payment_intent_data[capture_method]',
    ) ?? 'automatic_async';

  const allowedMethodTypes = methodTypes(form);

  const clientReferenceId = str(form, 'client_reference_id') ?? null;
  if (clientReferenceId && clientReferenceId.length > 200) {
    throw paramError('client_reference_id can be up to 200 characters', 'client_reference_id');
  }
  const expiresAt = int(form, 'expires_at') ?? nowS + 24 * 3600;
  if (expiresAt < nowS + 30 * 60 || expiresAt > nowS + 24 * 3600) {
    throw paramError('expires_at must be between 30 minutes and 24 hours from now', 'expires_at');
  }
  return {
    mode,
    amountTotal,
    currency: currency ?? 'usd',
    captureMethod,
    allowedMethodTypes,
    intentMetadata: metadata(intentData, 'metadata', 'payment_intent_data['),
    metadata: metadata(form, 'metadata'),
    clientReferenceId,
    // Required for the hosted page (ui_mode embedded would use return_url instead).
    successUrl: url(form, 'success_url', true) ?? '',
    cancelUrl: url(form, 'cancel_url') ?? null,
    expiresAt,
  };
}

/** `allowed_payment_method_types[n]`: a non-empty list of known types, or null when not sent. */
function methodTypes(form: Form): string[] | null {
  const key = 'allowed_payment_method_types';
  const types = form[key];
  if (types === undefined) return null;
  if (!Array.isArray(types) || types.length === 0) throw paramError(`${key} must be a non-empty array`, key);
  return types.map((type, i) => {
    if (typeof type !== 'string' || !METHOD_TYPES.includes(type)) {
      throw paramError(`Invalid ${key}[${i}]: must be one of ${METHOD_TYPES.join(', ')}`, `${key}[${i}]`);
    }
    return type;
  });
}

/**
 * What the session offers (its `payment_method_types`): the Dashboard's methods (a card, and a bank
 * debit), filtered by what the caller allowed and by the capture method (a bank debit cannot be held
 * and captured later, so Checkout leaves it out of a manual-capture session).
 */
export function offeredMethodTypes(request: SessionRequest): string[] {
  const dashboard = ['card', 'us_bank_account'];
  return dashboard.filter(
    (type) =>
      (request.allowedMethodTypes?.includes(type) ?? true) &&
      !(request.captureMethod === 'manual' && DELAYED_METHODS.includes(type)),
  );
}
