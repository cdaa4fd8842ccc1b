import type { ViewRequest } from '@quayside/domain/views';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { viewKeys } from '../../../lib/query-keys.ts';

// The named views' calls.

/** The views the user may open, and which are the defaults: asked again at each opening of the menu (a colleague may have shared one). */
export const viewsQuery = () =>
  queryOptions({
    queryKey: viewKeys.list(),
    queryFn: ({ signal }) => call('listViews', { signal }),
    staleTime: 0,
  });

/** One view, opened by its link: a view the user may not see answers 404 'View not found'. */
export const viewQuery = (id: number) =>
  queryOptions({
    queryKey: viewKeys.one(id),
    queryFn: ({ signal }) => call('getView', { params: { id }, signal }),
    staleTime: 0,
    retry: false,
  });

export const createView = (body: ViewRequest) => call('createView', { body });

export const updateView = (id: number, body: ViewRequest) => call('updateView', { params: { id }, body });

export const deleteView = (id: number) => call('deleteView', { params: { id } });

export const setMyDefaultView = (id: number | null) => call('setDefaultView', { body: { id } });

export const setOrganisationDefaultView = (id: number | null) => call('setOrganisationDefaultView', { body: { id } });
