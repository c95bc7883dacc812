import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminGuard } from '../../auth/components/admin-guard';

/**
 * The spec's extra guard on /messages/create: besides the login guard, non-admins get the messages
 * area's own refusal ('Only admins can create messages'), the same text the API answers with.
 */
export function CreateMessageGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AdminGuard
      // Area error texts are merged in at load, outside the typed keys.
      message={t('errors.ONLY_ADMINS_CREATE_MESSAGES' as 'errors.INTERNAL')}
      testId="create-message-guard"
      staffOperation="POST /api/messages"
    >
      {children}
    </AdminGuard>
  );
}
