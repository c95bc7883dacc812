import type { GridColumnVisibilityModel, GridDensity } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { z } from 'zod';

export type GridPreferences = { columns: GridColumnVisibilityModel; density: GridDensity };

const storedSchema = z.object({
  columns: z.record(z.string(), z.boolean()).catch({}),
  density: z.enum(['compact', 'standard', 'comfortable']).catch('standard'),
});

/** Per account: two people sharing a browser keep their own columns. */
const storageKey = (grid: string, accountId: string) => `linedesk-grid-${grid}-${accountId}`;

function read(key: string, defaults: GridPreferences): GridPreferences {
  try {
    const text = window.localStorage.getItem(key);
    if (text === null) return defaults;
    const stored = storedSchema.parse(JSON.parse(text));
    // Columns the user never chose keep their defaults (a column added later shows as designed).
    return { columns: { ...defaults.columns, ...stored.columns }, density: stored.density };
  } catch {
    return defaults;
  }
}

/**
 * The columns a user chose and the density, remembered in this browser: the grid opens the way it
 * was left, on every visit.
 */
export function useGridPreferences(grid: string, accountId: string, defaults: GridPreferences) {
  const key = storageKey(grid, accountId);
  const [preferences, setPreferences] = useState(() => read(key, defaults));
  const update = useCallback(
    (change: Partial<GridPreferences>) =>
      setPreferences((current) => {
        const next = { ...current, ...change };
        try {
          window.localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Private mode or a full storage: the choice holds for this visit only.
        }
        return next;
      }),
    [key],
  );
  return [preferences, update] as const;
}
