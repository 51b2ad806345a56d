import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { fillCopy, usePlatformConfig } from '../../lib/platform-config';
import { CategoryChips } from './components/category-chips';
import { ContactForm } from './components/contact-form';
import { FaqList } from './components/faq-list';
import { FaqSearch } from './components/faq-search';
import { SupportChannels } from './components/support-channels';
import { FAQ_CATEGORIES, SUPPORT_FAQS } from './content/support-faqs';
import { filterFaqs, type TFaqFilter } from './utils/filter-faqs';

/** spec §2 /support: category chips, FAQ search, accordion, contact form and the three help cards. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const { hash } = useLocation();
  // Links such as the footer's "Refund Policy" open a category with ?category=Guarantees.
  const category = toFilter(params.get('category'));
  const config = usePlatformConfig();
  const filled = useMemo(
    () =>
      SUPPORT_FAQS.map((faq) => ({
        ...faq,
        question: fillCopy(faq.question, config),
        answer: fillCopy(faq.answer, config),
      })),
    [config],
  );
  const faqs = filterFaqs(filled, category, search);

  const setCategory = (next: TFaqFilter) =>
    setParams(next === 'All' ? {} : { category: next }, { replace: true, preventScrollReset: true });

  // The router does not scroll to a fragment by itself; "Contact Us" links point at #contact.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <section className="bg-linear-to-b from-brand-50 to-white px-4 pt-14 pb-10 text-center sm:px-6">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">How can we help?</h1>
        <p className="mx-auto mt-3 max-w-xl text-lg text-slate-600">
          Answers about guarantees, payments and creators, or a direct line to our team.
        </p>
        <div className="mt-8">
          <FaqSearch value={search} onChange={setSearch} />
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="text-2xl font-bold tracking-tight">
            Frequently asked questions
          </h2>
          <div className="mt-4">
            <CategoryChips value={category} onChange={setCategory} />
          </div>
          <p aria-live="polite" className="mt-4 text-sm text-slate-500">
            {faqs.length === 1 ? '1 question' : `${faqs.length} questions`}
          </p>
          <div className="mt-3">
            <FaqList
              faqs={faqs}
              search={search}
              onClear={() => {
                setSearch('');
                setCategory('All');
              }}
            />
          </div>
        </section>

        <div className="space-y-10">
          <section aria-labelledby="channels-heading">
            <h2 id="channels-heading" className="text-2xl font-bold tracking-tight">
              Still need help?
            </h2>
            <div className="mt-4">
              <SupportChannels />
            </div>
          </section>
          <section
            id="contact"
            aria-labelledby="contact-heading"
            className="@container scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="contact-heading" className="text-2xl font-bold tracking-tight">
              Contact us
            </h2>
            <p className="mt-1 mb-6 text-slate-600">All fields are required.</p>
            <ContactForm />
          </section>
        </div>
      </div>
    </>
  );
}

function toFilter(value: string | null): TFaqFilter {
  return FAQ_CATEGORIES.find((category) => category === value) ?? 'All';
}
