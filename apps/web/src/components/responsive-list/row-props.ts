import type { SxProps, Theme } from '@mui/material/styles';
import type { MouseEvent } from 'react';

/** What a list gives each of its rows, whether a table row or a card. */
export type RowProps = {
  testId?: string;
  /** `data-*` attributes, named without the prefix (`{ 'ticket-id': 7 }`). */
  data?: Record<string, string | number | boolean>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  sx?: SxProps<Theme>;
};

export function rowAttributes(props: RowProps): Record<string, string | number | boolean | undefined> {
  const attributes: Record<string, string | number | boolean | undefined> = { 'data-testid': props.testId };
  for (const [name, value] of Object.entries(props.data ?? {})) attributes[`data-${name}`] = value;
  return attributes;
}
