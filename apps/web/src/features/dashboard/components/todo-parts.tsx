import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Line } from '@linedesk/shared';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/number-format';
import { linePath } from '../../../lib/paths';
import { useServerMessageParts } from '../../servers/hooks/use-server-messages';

// The to-do card's building blocks: a list with its title and count, its rows, and what a row shows.

type SectionProps = {
  testId: string;
  icon: ComponentType<{ sx?: object }>;
  tone: 'error' | 'warning';
  title: string;
  total: number;
  /** The count is a lower bound: "10,000+". */
  more?: boolean;
  /** Where all of them are, when a page lists them. */
  seeAll?: string;
  seeAllLabel?: string;
  footer?: ReactNode;
  children: ReactNode;
};

/** One list of the to-do: its title with how many, its first lines, and the way to all of them. */
export function Section({
  testId,
  icon: Icon,
  tone,
  title,
  total,
  more,
  seeAll,
  seeAllLabel,
  footer,
  children,
}: SectionProps) {
  const { i18n } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      sx={{ minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1.5, p: 1.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Icon sx={{ color: `${tone}.dark`, fontSize: 20 }} />
        <Typography
          variant="subtitle2"
          component="h3"
          id={`${testId}-title`}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          {title}
        </Typography>
        <Typography
          variant="subtitle2"
          component="span"
          sx={{ px: 1, borderRadius: 1, bgcolor: `${tone}.lighter`, color: `${tone}.darker` }}
          data-testid={`${testId}-count`}
        >
          {formatNumber(total, i18n.resolvedLanguage)}
          {more ? '+' : ''}
        </Typography>
        {/* In the title's row, not a row of its own: on a desktop the first charts must fit under
            the to-do list, however full it is. */}
        {seeAll && (
          <Link
            component={RouterLink}
            to={seeAll}
            variant="body2"
            sx={{ flexShrink: 0 }}
            data-testid={`${testId}-see-all`}
          >
            {seeAllLabel}
          </Link>
        )}
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {children}
      </Box>
      {footer && <Box sx={{ mt: 0.5 }}>{footer}</Box>}
    </Box>
  );
}

/** A row of a list: what it is about on the left, one action on the right. */
export function Row({
  children,
  action,
  testId,
}: {
  children: ReactNode;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 36,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
      {action}
    </Box>
  );
}

export function LineLink({ line }: { line: Line }) {
  return (
    <Link component={RouterLink} to={linePath(line.id)} variant="body2" noWrap sx={{ display: 'block' }}>
      {line.username}
    </Link>
  );
}

export function Detail({ children, color = 'text.secondary' }: { children: ReactNode; color?: string }) {
  return (
    <Typography variant="caption" component="p" noWrap sx={{ color }}>
      {children}
    </Typography>
  );
}

/**
 * Why a server is in the list, as a sentence in the reader's language; the agent's own words (an
 * operating system's "connect ECONNREFUSED …") only under a collapsed "Details", for the admin
 * looking for the cause.
 */
export function ServerProblem({ error, status }: { error: string | null; status: string }) {
  const { t } = useTranslation();
  const parts = useServerMessageParts();
  if (!error) return <Detail>{status}</Detail>;
  const { text, detail } = parts(error);
  const sentence = (
    <Typography
      variant="caption"
      component="span"
      noWrap
      sx={{ display: 'block', color: 'text.secondary', minWidth: 0, flex: 1 }}
      data-testid="server-problem"
    >
      {text}
    </Typography>
  );
  if (!detail) return sentence;
  // One line, as every row of the list: the sentence and a "Details" that opens the raw words below.
  return (
    <Box component="details" data-testid="server-problem-details" sx={{ typography: 'caption', minWidth: 0 }}>
      <Box
        component="summary"
        sx={{
          display: 'flex',
          gap: 1,
          cursor: 'pointer',
          listStyle: 'none',
          '&::-webkit-details-marker': { display: 'none' },
        }}
      >
        {sentence}
        <Box component="span" sx={{ color: 'primary.main', flexShrink: 0 }}>
          {t('servers.messages.problemDetails')}
        </Box>
      </Box>
      <Box
        component="code"
        sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere', color: 'text.secondary' }}
      >
        {detail}
      </Box>
    </Box>
  );
}
