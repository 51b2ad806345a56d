import { DATA_EXPORT_MESSAGES as COPY } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { buttonClass } from '../ui/button-class';
import { Spinner } from '../ui/spinner';
import { dataExportKey, dataExportQuery, requestDataExport } from './data-export-api';

const size = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? ` (${Math.max(1, Math.round(bytes / 1024))} KB)`
      : ` (${(bytes / 1024 / 1024).toFixed(1)} MB)`;

/**
 * "Download my data" (issue 41 point 1, decision 0057): ask for a copy, watch it being prepared, and
 * download it here once ready (the ready mail links back to this page). Shared by the fan's Edit Profile
 * and the creator's settings, in their Security tab.
 */
export function DataExportPanel() {
  const id = useId();
  const queryClient = useQueryClient();
  const state = useQuery(dataExportQuery());
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: requestDataExport,
    onSuccess: (next) => {
      setFailure(null);
      queryClient.setQueryData(dataExportKey, next);
    },
    onError: (error) => {
      setFailure(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : COPY.failed);
      void queryClient.invalidateQueries({ queryKey: dataExportKey });
    },
  });
  const current = state.data;
  const preparing = current?.status === 'preparing';
  const askButton = (label: string) => (
    <Button type="button" variant="secondary" disabled={ask.isPending || preparing} onClick={() => ask.mutate()}>
      {ask.isPending ? 'Asking…' : label}
    </Button>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 space-y-3 border-t border-slate-200 pt-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {COPY.title}
      </h2>
      <p className="max-w-prose text-sm text-slate-600">{COPY.intro}</p>
      {failure && <Alert title="Not asked">{failure}</Alert>}
      <div aria-live="polite" className="space-y-3">
        {current?.status === 'preparing' && (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner label="Preparing" />
            {COPY.preparing}
          </p>
        )}
        {current?.status === 'ready' && current.downloadUrl && (
          <div className="space-y-2">
            <Alert tone="success" title="Ready">
              {COPY.ready}
              {current.expiresAt && ` Available until ${formatDateTime(new Date(current.expiresAt))}.`}
            </Alert>
            <a className={buttonClass({})} href={current.downloadUrl} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              {COPY.download}
              {size(current.bytes)}
            </a>
          </div>
        )}
        {current?.status === 'expired' && <p className="text-sm text-slate-700">{COPY.expired}</p>}
      </div>
      {state.isSuccess && (current?.status === 'none' ? askButton(COPY.request) : !preparing && askButton(COPY.again))}
    </section>
  );
}
