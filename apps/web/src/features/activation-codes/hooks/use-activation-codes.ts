import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivationBody, ActivationCodesBody } from '@linedesk/shared';
import { authKeys } from '../../auth/api/auth-api';
import { lineKeys } from '../../lines/api/lines-api';
import { activationCodeKeys, activationCodesApi, type CodeListParams } from '../api/activation-codes-api';

export function useActivationCodes(params: CodeListParams) {
  return useQuery({
    queryKey: activationCodeKeys.list(params),
    queryFn: ({ signal }) => activationCodesApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** What generating would cost, asked again whenever the form changes; a refusal is shown, not retried. */
export function useActivationCodesPreview(body: ActivationCodesBody | null) {
  return useQuery({
    queryKey: activationCodeKeys.preview(body ?? { count: 0 }),
    queryFn: ({ signal }) => activationCodesApi.preview(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** After a charge or a refund: the codes, and the balance in the header. */
function useInvalidateCodes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: activationCodeKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.me }),
    ]);
}

export function useGenerateActivationCodes() {
  const invalidate = useInvalidateCodes();
  return useMutation({
    mutationFn: ({ body, key }: { body: ActivationCodesBody; key: string }) =>
      activationCodesApi.generate(body, key),
    onSuccess: () => invalidate(),
  });
}

export function useVoidActivationCode() {
  const invalidate = useInvalidateCodes();
  return useMutation({
    mutationFn: (id: number) => activationCodesApi.voidCode(id),
    onSuccess: () => invalidate(),
  });
}

export function useActivateCode() {
  const invalidate = useInvalidateCodes();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivationBody) => activationCodesApi.activate(body),
    onSuccess: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: lineKeys.all })]),
  });
}
