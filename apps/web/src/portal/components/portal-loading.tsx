import { useTexts } from '../hooks/use-texts';

/** While the portal asks who is signed in. */
export function PortalLoading() {
  const { t } = useTexts();
  return (
    <div className="loading" role="progressbar" aria-label={t('common.loading')}>
      <span className="spinner spinner-large" aria-hidden />
    </div>
  );
}
