import type { PageSize } from '@quayside/domain/constants';
import type { InviteContactBody, SupplierSettings } from '@quayside/domain/suppliers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { supplierKeys } from '../../lib/query-keys.ts';

export type SupplierListState = { q: string; page: number; pageSize: PageSize };

/** A page of suppliers; the page on screen stays while the next one loads. */
export const supplierListQuery = ({ q, page, pageSize }: SupplierListState) => {
  const query = { ...(q === '' ? {} : { q }), page, pageSize };
  return queryOptions({
    queryKey: supplierKeys.list(query),
    queryFn: ({ signal }) => call('listSuppliers', { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const supplierSettingsQuery = () =>
  queryOptions({
    queryKey: supplierKeys.settings(),
    queryFn: ({ signal }) => call('getSupplierSettings', { signal }),
  });

/** Adds a supplier's contact and mails the invitation; the list (its contacts and counts) is read again. */
export function useInviteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteContactBody) => call('inviteSupplierContact', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}

/** Removes a contact and its sign-in account, by e-mail. */
export function useRemoveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call('removeSupplierContact', { body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}

export function useSaveSupplierSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SupplierSettings) => call('saveSupplierSettings', { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(supplierKeys.settings(), saved),
  });
}
