import type { TCategoriesResponse, TFeaturedCreatorsResponse, TQuickSearchResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const creatorKeys = {
  all: ['creators'] as const,
  featured: () => [...creatorKeys.all, 'featured'] as const,
  quickSearch: (term: string) => [...creatorKeys.all, 'quick-search', term] as const,
  categories: () => ['categories'] as const,
};

export const featuredCreatorsQuery = () =>
  queryOptions({
    queryKey: creatorKeys.featured(),
    queryFn: ({ signal }) => api<TFeaturedCreatorsResponse>('/creators/featured', { signal }),
  });

export const quickSearchQuery = (term: string) =>
  queryOptions({
    queryKey: creatorKeys.quickSearch(term),
    queryFn: ({ signal }) =>
      api<TQuickSearchResponse>(`/creators/quick-search?${new URLSearchParams({ q: term })}`, { signal }),
    staleTime: 60_000,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: creatorKeys.categories(),
    queryFn: ({ signal }) => api<TCategoriesResponse>('/categories', { signal }),
  });
