import { describe, expect, test } from 'vitest';
import { ZContactRequest } from './contact-schema';

const valid = { name: 'Ana', email: 'ana@example.com', subject: 'Refund', message: 'Where is my refund?' };

describe('ZContactRequest', () => {
  test('accepts a complete form and trims it', () => {
    expect(ZContactRequest.parse({ ...valid, name: '  Ana  ' }).name).toBe('Ana');
  });

  test('blank fields are required, not badly formatted', () => {
    const result = ZContactRequest.safeParse({ name: ' ', email: '', subject: '', message: '' });
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'name: Please enter your name.',
      'email: Please enter your email address.',
      'subject: Please enter a subject.',
      'message: Please enter a message.',
    ]);
  });

  test('rejects a malformed email', () => {
    const result = ZContactRequest.safeParse({ ...valid, email: 'ana@' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });
});
