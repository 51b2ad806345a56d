import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

/** A labelled figure with an icon; a skeleton while the figure loads. */
export function StatCard({
  label,
  value,
  icon: Icon,
  note,
}: {
  label: string;
  value?: ReactNode;
  icon: LucideIcon;
  note?: ReactNode;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <Icon className="h-5 w-5 text-brand-600" aria-hidden="true" />
      </div>
      {value === undefined ? (
        <Skeleton className="mt-2 h-8 w-20" />
      ) : (
        <p className="mt-2 text-2xl font-bold text-slate-900">{value}</p>
      )}
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </Card>
  );
}
