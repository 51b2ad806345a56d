import { describe, expect, test } from 'vitest';
import { FAQ_CATEGORIES, SUPPORT_FAQS } from '../content/support-faqs';
import { filterFaqs } from './filter-faqs';

describe('filterFaqs', () => {
  test('All with no search keeps everything', () => {
    expect(filterFaqs(SUPPORT_FAQS, 'All', '  ')).toEqual(SUPPORT_FAQS);
  });

  test('a category keeps only its entries, and every category has at least two', () => {
    for (const category of FAQ_CATEGORIES) {
      const entries = filterFaqs(SUPPORT_FAQS, category, '');
      expect(entries.length).toBeGreaterThanOrEqual(2);
      expect(entries.every((faq) => faq.category === category)).toBe(true);
    }
  });

  test('search matches question and answer text, case-insensitively, all words', () => {
    const hits = filterFaqs(SUPPORT_FAQS, 'All', 'PAYOUT business');
    expect(hits.map((faq) => faq.id)).toEqual(['creators-payouts']);
    expect(filterFaqs(SUPPORT_FAQS, 'Guarantees', '7 days').map((faq) => faq.id)).toEqual(['guarantee-other-refunds']);
  });

  test('search and category combine', () => {
    expect(filterFaqs(SUPPORT_FAQS, 'Safety', 'payout')).toEqual([]);
  });
});
