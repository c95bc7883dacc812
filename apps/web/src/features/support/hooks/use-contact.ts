import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactDetailsInput, ContactMessageInput } from '@linedesk/shared';
import { contactApi, contactKeys } from '../api/contact-api';
import { ticketKeys } from '../api/tickets-api';

export function useContactDetails() {
  return useQuery({
    queryKey: contactKeys.details,
    queryFn: ({ signal }) => contactApi.details(signal),
  });
}

export function useSaveContactDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactDetailsInput) => contactApi.save(body),
    onSuccess: (saved) => queryClient.setQueryData(contactKeys.details, saved),
  });
}

/** The Quick Contact form opens a ticket. */
export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactMessageInput) => contactApi.send(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
