import { expect, test } from 'vitest';
import { resultLookup } from './result-pages';

test('the pages that show one record from their URL ask the API the page itself calls', () => {
  const id = '3f1c2a4e-0000-4000-8000-000000000001';
  expect(resultLookup(`/payment-success?payment=${id}&session_id=cs_1`)).toBe(`/api/payments/${id}`);
  // No id, or only the old creator and amount: there is nothing to show, so the lookup fails.
  expect(resultLookup('/payment-success?creator=lenabeats&amount=9999')).toBe('/api/payments/none');
  expect(resultLookup(`/checkout/${id}`)).toBe(`/api/checkout/local/${id}`);
  expect(resultLookup(`/messages/${id}`)).toBe(`/api/conversations/${id}`);
  expect(resultLookup(`/dashboard/messages/${id}`)).toBe(`/api/conversations/${id}`);
  for (const other of ['/', '/creators', '/lenabeats', '/messages', '/dashboard/messages', '/billing'])
    expect(resultLookup(other), other).toBeNull();
});
