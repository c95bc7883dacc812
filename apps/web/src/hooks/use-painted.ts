import { useEffect, useState } from 'react';
import { afterNextPaint } from '../lib/after-next-paint';

/** False until the component has been painted once: a query can wait for it with `enabled`. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted;
}
