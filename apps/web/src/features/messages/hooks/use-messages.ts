import type { MessageBody, MessageListQuery } from '@linedesk/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageKeys, messagesApi } from '../api/messages-api';

export function useMessages(query: Partial<MessageListQuery>) {
  return useQuery({
    queryKey: messageKeys.list(query),
    queryFn: ({ signal }) => messagesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Global messages only, shown as posts on the announcements page. */
export function useAnnouncements(page: number, pageSize: number) {
  return useQuery({
    queryKey: messageKeys.announcements(page),
    queryFn: ({ signal }) => messagesApi.list({ scope: 'global', page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every mutation refreshes all message queries (list, bell, badge); the live event does the same for
 * the caller's other tabs.
 */
function useMessageMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useMarkMessageRead() {
  return useMessageMutation((id: number) => messagesApi.markRead(id));
}

export function useMarkAllMessagesRead() {
  return useMessageMutation(() => messagesApi.markAllRead());
}

export function useCreateMessage() {
  return useMessageMutation((body: MessageBody) => messagesApi.create(body));
}

export function useDeleteMessage() {
  return useMessageMutation((id: number) => messagesApi.remove(id));
}
