import { useUnreadMessages } from './use-unread-messages';

/** For the side navigation badge; shares the bell's query, so both change together. */
export function useUnreadMessagesCount(): number {
  return useUnreadMessages().data?.count ?? 0;
}
