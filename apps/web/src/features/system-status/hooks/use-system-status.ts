import { useQuery } from '@tanstack/react-query';
import { systemStatusApi, systemStatusKeys } from '../api/system-status-api';

/** Latency, backlog and uptime change by themselves, so this one page re-reads every 10 s while open. */
export function useSystemStatus() {
  return useQuery({
    queryKey: systemStatusKeys.all,
    queryFn: ({ signal }) => systemStatusApi.get(signal),
    refetchInterval: 10_000,
  });
}
