import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSetTicketMailPreference, useTicketMailPreference } from '../hooks/use-ticket-mail-preference';

/** In /settings: whether the user gets a mail when the other side replies to a ticket. */
export function TicketMailPreferenceCard() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const preference = useTicketMailPreference();
  const save = useSetTicketMailPreference();
  // The new position shows from the click on, not from the saving's next render: held in the
  // switch's own state until the answer is stored, so a slow machine never shows it jump back.
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? Boolean(preference.data?.ticket_reply_mail);

  return (
    <Card>
      <CardHeader
        title={t('tickets.mailPreference.title')}
        subheader={t('tickets.mailPreference.description')}
      />
      <CardContent>
        {preference.isPending && <Skeleton variant="rounded" height={40} />}
        {preference.isError && <Alert severity="error">{errorMessage(preference.error)}</Alert>}
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(save.error)}
          </Alert>
        )}
        {preference.data && (
          <>
            <FormControlLabel
              label={t('tickets.mailPreference.label')}
              control={
                <Switch
                  checked={checked}
                  disabled={save.isPending}
                  onChange={(event) => {
                    setAsked(event.target.checked);
                    save.mutate(
                      { ticket_reply_mail: event.target.checked },
                      {
                        onSuccess: () => snackbar(t('tickets.mailPreference.saved')),
                        onSettled: () => setAsked(null),
                      },
                    );
                  }}
                  slotProps={{ input: { 'data-testid': 'ticket-reply-mail-switch' } as object }}
                />
              }
            />
            <FormHelperText sx={{ mt: 0, ml: 6.5 }}>{t('tickets.mailPreference.help')}</FormHelperText>
          </>
        )}
      </CardContent>
    </Card>
  );
}
