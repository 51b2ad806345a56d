import { MessageCircleReply, Search, Send } from 'lucide-react';
import { useCopy } from '../../../lib/platform-config';

const STEPS = [
  {
    title: 'Find Creator',
    body: 'Browse verified creators by category, price and response rate.',
    icon: Search,
  },
  {
    title: 'Send Message',
    body: "Write your question and pay the creator's price, from {min} to {max}. No subscription.",
    icon: Send,
  },
  {
    title: 'Get Response',
    body: 'Get a personal reply within {hours}, or an automatic refund.',
    icon: MessageCircleReply,
  },
];

export function HowItWorks() {
  const copy = useCopy();
  return (
    <section aria-labelledby="how-heading" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <p className="mt-2 text-center text-slate-600">Three steps from question to answer.</p>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ title, body, icon: Icon }, index) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-brand-700">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{copy(body)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
