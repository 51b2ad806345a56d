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
  admin = false,
}: {
  status: TFindCreatorsResponse['externalStatus'];
  /** e.g. the admin's "Set up API key" button when no key is configured. */
  action?: ReactNode;
  /** Issue 36 §17: the server's configuration is the operator's business; visitors get a neutral line. */
  admin?: boolean;
}) {
  const message = status === 'not_configured' && !admin ? SEARCH_MESSAGES.notConfiguredVisitor : NOTICES[status];
  if (!message) return null;
  return (
    <Alert tone="info" title="Instagram lookup">
      <p>{message}</p>
      {action}
    </Alert>
  );
}
