import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEventHandler, ReactNode } from 'react';
import { useErrorMessage } from '../i18n/use-error-message';

/** A panel settings card: its title, then the settings read (or why they could not be), edited by its form. */
export function SettingsCard<T>(props: {
  testId: string;
  title: string;
  subheader: string;
  settings: UseQueryResult<T>;
  children: (current: T) => ReactNode;
}) {
  const errorMessage = useErrorMessage();
  const { settings } = props;
  return (
    <Card data-testid={props.testId}>
      <CardHeader title={props.title} subheader={props.subheader} />
      <CardContent>
        {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
        {settings.data !== undefined && props.children(settings.data)}
      </CardContent>
    </Card>
  );
}

/**
 * A settings card's form: the API's refusal of the last save, what is wrong with the values as typed
 * (they are not sent while it shows), the fields, then save, possible once something changed.
 */
export function SettingsForm(props: {
  onSubmit: () => void;
  saveError: unknown;
  /** The reason the values cannot be saved, in the reader's language; null: none. */
  invalid: string | null;
  invalidTestId: string;
  changed: boolean;
  saving: boolean;
  saveLabel: string;
  saveTestId: string;
  children: ReactNode;
}) {
  const errorMessage = useErrorMessage();
  const submit: FormEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (props.invalid === null) props.onSubmit();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {props.saveError != null && <Alert severity="error">{errorMessage(props.saveError)}</Alert>}
      {props.invalid !== null && (
        <Alert severity="warning" data-testid={props.invalidTestId}>
          {props.invalid}
        </Alert>
      )}
      {props.children}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={props.invalid !== null || !props.changed}
          loading={props.saving}
          data-testid={props.saveTestId}
        >
          {props.saveLabel}
        </Button>
      </Box>
    </Box>
  );
}
