import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

type FormCardProps = {
  /** A card titled on its own (beside other cards); a page's only form leaves the title to the page. */
  title?: string;
  subheader?: string;
  id?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** The save is under way: the submit button spins. */
  pending: boolean;
  /** The API's refusal in the reader's language, shown above the fields; null = none. */
  errorText: string | null;
  submitStartIcon?: ReactNode;
  submitEndIcon?: ReactNode;
  /** Where cancelling leads back to; without it there is no cancel button. */
  cancelTo?: string;
  sx?: SxProps<Theme>;
  formTestId?: string;
  submitTestId?: string;
  errorTestId?: string;
  children: ReactNode;
};

/** A form in a card: the API's refusal, the fields, then cancel (a link back, if any) and submit. */
export function FormCard(props: FormCardProps) {
  const { t } = useTranslation();
  return (
    <Card sx={props.sx} id={props.id}>
      {props.title !== undefined && <CardHeader title={props.title} subheader={props.subheader} />}
      <CardContent sx={props.title === undefined ? { p: { xs: 2, sm: 3 } } : undefined}>
        <Box component="form" noValidate onSubmit={props.onSubmit} data-testid={props.formTestId}>
          {props.errorText !== null && (
            <Alert severity="error" sx={{ mb: 3 }} data-testid={props.errorTestId}>
              {props.errorText}
            </Alert>
          )}
          {props.children}
          <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
            {props.cancelTo !== undefined && (
              <Button variant="outlined" color="inherit" component={RouterLink} to={props.cancelTo}>
                {t('common.cancel')}
              </Button>
            )}
            <Button
              type="submit"
              variant="contained"
              startIcon={props.submitStartIcon}
              endIcon={props.submitEndIcon}
              loading={props.pending}
              data-testid={props.submitTestId}
            >
              {props.submitLabel}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
