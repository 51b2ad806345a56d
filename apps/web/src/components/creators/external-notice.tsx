import { SEARCH_MESSAGES, type TFindCreatorsResponse } from '@fanline/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../ui/alert';

const NOTICES: Partial<Record<TFindCreatorsResponse['externalStatus'], string>> = {
  not_configured: SEARCH_MESSAGES.notConfigured,
  quota: SEARCH_MESSAGES.quota,
  unavailable: SEARCH_MESSAGES.unavailable,
  no_data: SEARCH_MESSAGES.noData,
};

/** spec §8 Search: why the Instagram lookup added nothing; platform results still show below. */
export function ExternalNotice({
  status,
  action,
}: {
  status: TFindCreatorsResponse['externalStatus'];
  /** e.g. the admin's "Set up API key" button when no key is configured. */
  action?: ReactNode;
}) {
  const message = NOTICES[status];
  if (!message) return null;
  return (
    <Alert tone="info" title="Instagram lookup">
      <p>{message}</p>
      {action}
    </Alert>
  );
}
