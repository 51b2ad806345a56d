import { Wrench } from 'lucide-react';
import { usePlatformConfig } from '../../lib/platform-config';

/** Admin setting maintenance_mode: a banner on every page while new checkouts are refused. */
export function MaintenanceBanner() {
  const { maintenanceMode } = usePlatformConfig();
  if (!maintenanceMode) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      <Wrench className="h-4 w-4 shrink-0" aria-hidden="true" />
      Fanline is under maintenance: new paid messages are paused for now. Replies and browsing still work.
    </div>
  );
}
