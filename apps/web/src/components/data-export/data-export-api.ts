import type { ZDataExportState } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

/** The state as it comes over the wire (times as ISO strings). */
export type TDataExportWire = z.input<typeof ZDataExportState>;

/** Issue 41 point 1: the person's latest copy of their data (fan's Edit Profile and creator settings). */
export const dataExportKey = ['data-export'] as const;

export const dataExportQuery = () =>
  queryOptions({
    queryKey: dataExportKey,
    queryFn: ({ signal }) => api<TDataExportWire>('/me/data-export', { signal }),
    // While it is being built the page looks again every few seconds, so the download appears by itself.
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? 2000 : false),
  });

export const requestDataExport = () => api<TDataExportWire>('/me/data-export', { method: 'POST' });
