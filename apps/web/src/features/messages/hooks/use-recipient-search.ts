import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messageKeys, messagesApi } from '../api/messages-api';

const DEBOUNCE_MS = 250;

/** Accounts whose email matches what the admin typed, one request per pause in typing. */
export function useRecipientSearch(input: string, enabled: boolean) {
  const [search, setSearch] = useState(input.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  return useQuery({
    queryKey: messageKeys.recipients(search),
    queryFn: ({ signal }) => messagesApi.searchRecipients(search, signal),
    select: (data) => data.items,
    placeholderData: keepPreviousData,
    enabled,
  });
}
