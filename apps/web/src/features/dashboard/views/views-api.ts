import type { View, ViewDefaults, ViewRequest, ViewsResponse } from '@quayside/domain/views';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { viewKeys } from '../../../lib/query-keys.ts';

// The named views' calls (GET/POST/PUT/DELETE /api/Views).

/** The views the user may open, and which are the defaults: asked again at each opening of the menu (a colleague may have shared one). */
export const viewsQuery = () =>
  queryOptions({
    queryKey: viewKeys.list(),
    queryFn: ({ signal }) => api<ViewsResponse>('/api/Views', { signal }),
    staleTime: 0,
  });

/** One view, opened by its link: a view the user may not see answers 404 'View not found'. */
export const viewQuery = (id: number) =>
  queryOptions({
    queryKey: viewKeys.one(id),
    queryFn: ({ signal }) => api<View>(`/api/Views/${id}`, { signal }),
    staleTime: 0,
    retry: false,
  });

export const createView = (body: ViewRequest) => api<View>('/api/Views', { method: 'POST', body });

export const updateView = (id: number, body: ViewRequest) => api<View>(`/api/Views/${id}`, { method: 'PUT', body });

export const deleteView = (id: number) => api<{ message: string }>(`/api/Views/${id}`, { method: 'DELETE' });

export const setMyDefaultView = (id: number | null) =>
  api<ViewDefaults>('/api/Views/default', { method: 'PUT', body: { id } });

export const setOrganisationDefaultView = (id: number | null) =>
  api<ViewDefaults>('/api/Views/organisation-default', { method: 'PUT', body: { id } });
