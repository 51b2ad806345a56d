import type { TFaqCategory, TSupportFaq } from '../content/support-faqs';

export type TFaqFilter = TFaqCategory | 'All';

/** Keeps the entries in `category` whose question or answer contains every word of `search`, ignoring case. */
export function filterFaqs(faqs: TSupportFaq[], category: TFaqFilter, search: string): TSupportFaq[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return faqs.filter((faq) => {
    if (category !== 'All' && faq.category !== category) return false;
    const text = `${faq.question} ${faq.answer}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
