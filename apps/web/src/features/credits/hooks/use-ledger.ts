import { useQuery } from '@tanstack/react-query';
import { ledgerApi, ledgerKeys, type LedgerParams } from '../api/ledger-api';

export function useLedger(params: LedgerParams, enabled = true) {
  return useQuery({
    queryKey: ledgerKeys.list(params),
    queryFn: ({ signal }) => ledgerApi.list(params, signal),
    placeholderData: (previous) => previous,
    enabled,
  });
}
