import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-class';
import { paths } from '../../../paths';

export function StillHaveQuestions() {
  return (
    <section aria-labelledby="questions-heading" className="px-4 pb-16 sm:px-6">
      <div className="mx-auto flex max-w-4xl flex-col items-center rounded-3xl bg-brand-600 px-6 py-12 text-center text-white">
        <LifeBuoy className="h-10 w-10" aria-hidden="true" />
        <h2 id="questions-heading" className="mt-4 text-2xl font-bold sm:text-3xl">
          Still have questions?
        </h2>
        <p className="mt-2 max-w-xl text-brand-100">Browse the full help center or write to our team.</p>
        <Link
          to={paths.support}
          className={buttonClass({ size: 'lg', variant: 'secondary', className: 'mt-6 border-0' })}
        >
          Visit Support
        </Link>
      </div>
    </section>
  );
}
