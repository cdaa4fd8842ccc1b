import type { MessageInput, ThreadRecord } from '@quayside/domain/messages';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { messageKeys } from '../../lib/query-keys.ts';

/** A record's conversation; read again on focus like every query, never polled. */
export const threadQuery = (record: ThreadRecord, key: string) =>
  queryOptions({
    queryKey: messageKeys.thread(record, key),
    queryFn: ({ signal }) => call('getThread', { query: { record, key }, signal }),
  });

/** A change to the conversation, after which it is read again. */
function useThreadChange<Input, Answer>(record: ThreadRecord, key: string, send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.thread(record, key) }),
  });
}

export type NewMessage = Omit<MessageInput, 'record' | 'key'>;

export const usePostMessage = (record: ThreadRecord, key: string) =>
  useThreadChange(record, key, (message: NewMessage) => call('postMessage', { body: { record, key, ...message } }));

export const useEditMessage = (record: ThreadRecord, key: string) =>
  useThreadChange(record, key, ({ id, body }: { id: number; body: string }) =>
    call('editMessage', { query: { id }, body: { body } }),
  );

export const useDeleteMessage = (record: ThreadRecord, key: string) =>
  useThreadChange(record, key, (id: number) => call('deleteMessage', { query: { id } }));
