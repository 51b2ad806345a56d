import { MINIMUM_PAYOUT_CENTS } from '@fanline/contracts';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion';
import { useCopy } from '../../../lib/platform-config';

// Every claim here is one of spec §9's marketing and FAQ claims; keep them in step with the support FAQ.
const FAQS = [
  {
    question: 'How does Fanline work?',
    answer:
      'Find a creator, write your message and pay their price. The creator replies personally within {hours}, and you can follow the conversation from your inbox.',
  },
  {
    question: "What happens if the creator doesn't reply?",
    answer:
      'Every message comes with our {hour} guarantee. If the creator does not reply within {hours}, you get a full refund automatically. You do not need to ask.',
  },
  {
    question: 'How much does it cost to message a creator?',
    answer: 'Each creator sets their own price, from {min} to {max} per message. You see the price before you pay.',
  },
  {
    question: 'How fast do creators usually reply?',
    // Decision 0023: the spec's "Most creators reply within 4 to 8 hours" was not a measured figure.
    answer: 'Every reply is guaranteed within {hours} or you are refunded.',
  },
  {
    question: 'How do I become a verified creator?',
    answer:
      // Issue 41 §3: the spec's "1,000 followers, above 80%, 2 to 3 business days" is not what verification
      // checks (Threads' basic profile has no follower count, and nobody reviews it): say what it does.
      'Sign up as a creator and sign in to Threads from the verification step. As soon as Threads confirms that the account you named is yours, your profile shows the verified badge.',
  },
  {
    question: 'How do creators get paid?',
    // The minimum is a constant, not a setting: written in here, not filled by the entry's fillCopy.
    answer: `Creators keep {share} of every message they answer; the platform fee is {fee}. Payouts can be requested from $${MINIMUM_PAYOUT_CENTS / 100} and take 3 to 5 business days.`,
  },
];

export function LandingFaq() {
  const copy = useCopy();
  return (
    <section aria-labelledby="faq-heading" className="py-16">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        {/* spec §2: one item open at a time. */}
        <Accordion type="single" collapsible className="mt-8 rounded-2xl border border-slate-200 bg-white px-5">
          {FAQS.map((faq) => (
            <AccordionItem key={faq.question} value={faq.question}>
              <AccordionTrigger>{copy(faq.question)}</AccordionTrigger>
              <AccordionContent>{copy(faq.answer)}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
