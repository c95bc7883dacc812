import { fixedGroups } from '@linedesk/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A group's name as the reader sees it: the three fixed groups (1 Admin, 2 Resellers, 3 Users) are
 * stored with their English names, so they are shown translated, by id, while they keep those names.
 * A name an admin chose is shown as written.
 */
export function useGroupName(): (group: { id: number | null; name: string | null }) => string {
  const { t } = useTranslation();
  return useCallback(
    ({ id, name }) => {
      const fixed = fixedGroups.find((group) => group.id === id);
      if (fixed && (name === null || name === fixed.name)) return t(`groups.fixed.g${fixed.id}`);
      return name ?? '—';
    },
    [t],
  );
}

/** The same for the fixed groups' descriptions, while they keep the text the panel gave them. */
export function useGroupDescription(): (group: { id: number; description: string | null }) => string {
  const { t } = useTranslation();
  return useCallback(
    ({ id, description }) => {
      const fixed = fixedGroups.find((group) => group.id === id);
      if (fixed && description === fixed.description) return t(`groups.fixedDescription.g${fixed.id}`);
      return description || '—';
    },
    [t],
  );
}
