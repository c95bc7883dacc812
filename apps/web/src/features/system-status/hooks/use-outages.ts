import { useQuery } from '@tanstack/react-query';
import { outageKeys, outagesApi } from '../api/outages-api';

/** The outages list; an outage beginning or ending refreshes it through the event stream. */
export function useOutages() {
  return useQuery({ queryKey: outageKeys.all, queryFn: ({ signal }) => outagesApi.list(signal) });
}
