import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

export function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-6">
        <Card className="overflow-hidden">
          <Skeleton className="h-28 rounded-none sm:h-36" />
          <div className="px-5 pb-6 sm:px-8">
            <span className="relative -mt-12 block h-26 w-26 overflow-hidden rounded-full border-4 border-white bg-white">
              <Skeleton className="h-full w-full" />
            </span>
            <Skeleton className="mt-3 h-7 w-48" />
            <Skeleton className="mt-2 h-4 w-28" />
            <Skeleton className="mt-4 h-4 w-64" />
            <Skeleton className="mt-6 h-12 w-full" />
          </div>
        </Card>
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
      <Skeleton className="h-56 w-full rounded-2xl" />
    </div>
  );
}
