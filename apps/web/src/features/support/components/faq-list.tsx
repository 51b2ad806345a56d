import { SearchX } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion';
import { Button } from '../../../components/ui/button';
import type { TSupportFaq } from '../content/support-faqs';

interface FaqListProps {
  faqs: TSupportFaq[];
  search: string;
  onClear: () => void;
}

export function FaqList({ faqs, search, onClear }: FaqListProps) {
  if (faqs.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
        <SearchX className="h-10 w-10 text-slate-400" aria-hidden="true" />
        <h3 className="mt-4 text-lg font-semibold text-slate-900">
          {search.trim() ? `No answers match "${search.trim()}"` : 'No questions here yet'}
        </h3>
        <p className="mt-1 max-w-sm text-slate-600">
          Try different words or another category, or send us your question and we will answer it personally.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button variant="secondary" onClick={onClear}>
            Clear search and filters
          </Button>
          <Button asChild>
            <a href="#contact">Ask our team</a>
          </Button>
        </div>
      </div>
    );
  }
  return (
    // spec §2 Support: a single-open accordion, like the landing FAQ.
    <Accordion type="single" collapsible className="rounded-2xl border border-slate-200 bg-white px-5">
      {faqs.map((faq) => (
        <AccordionItem key={faq.id} value={faq.id}>
          <AccordionTrigger>{faq.question}</AccordionTrigger>
          <AccordionContent>
            <span className="mb-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
              {faq.category}
            </span>
            <p>{faq.answer}</p>
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
