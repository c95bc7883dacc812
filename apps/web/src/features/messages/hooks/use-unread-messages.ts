import { queryOptions, useQuery } from '@tanstack/react-query';
import { BELL_ITEMS, messageKeys, messagesApi } from '../api/messages-api';

export const unreadMessagesQuery = queryOptions({
  queryKey: messageKeys.unread,
  queryFn: ({ signal }) => messagesApi.unread(BELL_ITEMS, signal),
});

/** The caller's unread count and newest unread messages; refreshed by live `messages` events. */
export function useUnreadMessages() {
  return useQuery(unreadMessagesQuery);
}
