import { useMutation } from '@tanstack/react-query';
import type { Line } from '@linedesk/shared';
import { lineFreezeApi } from '../api/line-freeze-api';
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
