import type { TCategoriesResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) => api<TCategoriesResponse>('/categories', { signal }),
  });
