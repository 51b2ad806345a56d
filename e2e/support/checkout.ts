import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A fan pays for a message through the built-in test checkout, by API, and gets the payment's id: the e2e server is a
 * production server opted into the test checkout, so test-send does not exist there.
 */
export async function payForMessage(
  request: APIRequestContext,
  url: (path: string) => string,
  recipientId: string,
  messageContent: string,
): Promise<string> {
  const started = await request.post(url('/api/checkout'), { data: { recipientId, messageContent } });
  expect(started.status(), await started.text()).toBe(200);
  const paymentId = String((await started.json()).url)
    .split('/')
    .pop();
  const paid = await request.post(url(`/api/checkout/local/${paymentId}/pay`), {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Test Fan' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return String(paymentId);
}
