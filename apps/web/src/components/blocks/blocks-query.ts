import type { TBlockedFans, TBlockResult } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Issue #13 blocked senders: the creator's blocks, shared by the conversation view and settings. */
export const blockedFansKey = ['creator-blocks'] as const;

export const blockedFansQuery = () =>
  queryOptions({ queryKey: blockedFansKey, queryFn: ({ signal }) => api<TBlockedFans>('/creator/blocks', { signal }) });

/** Blocks the fan; their open paid messages to this creator are released at once. */
export const blockFan = (fanId: string) =>
  api<TBlockResult>(`/creator/blocks/${encodeURIComponent(fanId)}`, { method: 'PUT' });

export const unblockFan = (fanId: string) =>
  api<void>(`/creator/blocks/${encodeURIComponent(fanId)}`, { method: 'DELETE' });
