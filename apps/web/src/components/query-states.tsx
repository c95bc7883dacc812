import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useErrorMessage } from '../i18n/use-error-message';

type QueryStatesProps<T> = {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  /** Shown until the first answer; a rounded placeholder by default. */
  loading?: ReactNode;
  /** With `empty`: the data has nothing to show, so `empty` shows instead of `children`. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Inside a card the alert keeps off its edges (`{ m: 3 }`). */
  errorSx?: SxProps<Theme>;
  /** A feature's own wording of the API's refusal; the shared one by default. */
  describeError?: (error: unknown) => string;
  children: (data: T) => ReactNode;
};

/**
 * A query's loading placeholder, error alert (in the reader's language) and empty state, the trio
 * every list and detail page shows. A failed refresh keeps the data it had on screen below the alert.
 */
export function QueryStates<T>(props: QueryStatesProps<T>) {
  const { query, loading, isEmpty, empty, children } = props;
  const sharedErrorMessage = useErrorMessage();
  const errorMessage = props.describeError ?? sharedErrorMessage;
  return (
    <>
      {query.isPending && (loading ?? <Skeleton variant="rounded" height={320} />)}
      {query.isError && (
        <Alert severity="error" sx={props.errorSx}>
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.data !== undefined &&
        (isEmpty && empty !== undefined && isEmpty(query.data) ? empty : children(query.data))}
    </>
  );
}
