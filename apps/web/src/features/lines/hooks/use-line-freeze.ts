import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Line } from '@linedesk/shared';
import { lineFreezeApi, lineFreezeKeys } from '../api/line-freeze-api';
import { useInvalidateLineWrites } from './use-lines';

/** Freezes a running line, unfreezes a frozen one. */
export function useFreezeLine() {
  const invalidate = useInvalidateLineWrites();
  return useMutation({
    mutationFn: (line: Pick<Line, 'id' | 'status'>) =>
      line.status === 'frozen' ? lineFreezeApi.unfreeze(line.id) : lineFreezeApi.freeze(line.id),
    onSuccess: () => invalidate(),
  });
}

/** Restores an archived line: back in the lists and on its server. */
export function useRestoreLine() {
  const invalidate = useInvalidateLineWrites();
  return useMutation({
    mutationFn: (id: number) => lineFreezeApi.restore(id),
    onSuccess: () => invalidate(),
  });
}

/** The line's customer ask for a freeze, open or scheduled (`request` null when neither). */
export function useLineFreezeRequest(id: number) {
  return useQuery({
    queryKey: lineFreezeKeys.request(id),
    queryFn: ({ signal }) => lineFreezeApi.freezeRequest(id, signal),
  });
}

/** Answers the line's ask: approve (freeze now, or schedule it), or refuse / cancel the scheduled one. */
export function useAnswerLineFreezeRequest(id: number) {
  const invalidate = useInvalidateLineWrites();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (approve: boolean): Promise<void> => {
      await (approve ? lineFreezeApi.approveFreezeRequest(id) : lineFreezeApi.refuseFreezeRequest(id));
    },
    // The dashboard's to-do lists the open asks.
    onSuccess: () =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: ['dashboard', 'todo'] })]),
  });
}
