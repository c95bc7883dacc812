import type { Currency, PaymentMethodCreateBody, PaymentMethodPatch } from '@linedesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentMethodKeys, paymentMethodsApi } from '../api/payment-methods-api';

/** Every method with its settings (admins). */
export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: paymentMethodKeys.list,
    queryFn: ({ signal }) => paymentMethodsApi.list(signal),
    enabled,
  });
}

/** The enabled methods a package of this currency can be paid with. */
export function useAvailablePaymentMethods(currency: Currency | undefined) {
  return useQuery({
    queryKey: paymentMethodKeys.available(currency),
    queryFn: ({ signal }) => paymentMethodsApi.available(currency, signal),
  });
}

export type SavePaymentMethod =
  { id: null; body: PaymentMethodCreateBody } | { id: number; body: PaymentMethodPatch };

export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SavePaymentMethod) =>
      save.id === null ? paymentMethodsApi.create(save.body) : paymentMethodsApi.update(save.id, save.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => paymentMethodsApi.remove(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}
