import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TicketAttachment as Attachment } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatFileSize, isImageAttachment } from '../lib/attachment-file';

/**
 * Files are only ever loaded from the API URL, which checks that the viewer may see the ticket;
 * images show inline as a thumbnail, PDFs as a link that opens in a new tab.
 */
export function TicketAttachment({ attachment }: { attachment: Attachment }) {
  const { t, i18n } = useTranslation();
  const size = formatFileSize(attachment.size, i18n.resolvedLanguage);
  const label = t('tickets.detail.openAttachment', { name: attachment.file_name });

  if (isImageAttachment(attachment.content_type)) {
    return (
      <Box
        component="a"
        href={attachment.url}
        target="_blank"
        rel="noopener"
        aria-label={label}
        data-testid="ticket-attachment"
        data-kind="image"
        sx={{ display: 'inline-block', mt: 1.5, lineHeight: 0, maxWidth: 1, textDecoration: 'none' }}
      >
        <Box
          component="img"
          src={attachment.url}
          alt={attachment.file_name}
          loading="lazy"
          data-testid="ticket-attachment-image"
          sx={{
            maxWidth: { xs: 1, sm: 320 },
            maxHeight: 240,
            objectFit: 'contain',
            borderRadius: 1.5,
            border: (theme) => `1px solid ${theme.palette.divider}`,
            bgcolor: 'background.paper',
          }}
        />
        <Typography
          variant="caption"
          sx={{ display: 'block', mt: 0.5, lineHeight: 1.5, color: 'text.secondary' }}
        >
          {attachment.file_name} · {size}
        </Typography>
      </Box>
    );
  }

  return (
    <Link
      href={attachment.url}
      target="_blank"
      rel="noopener"
      aria-label={label}
      underline="none"
      color="inherit"
      data-testid="ticket-attachment"
      data-kind="pdf"
      sx={{
        mt: 1.5,
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        py: 1,
        maxWidth: 1,
        borderRadius: 1.5,
        border: (theme) => `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <PictureAsPdfOutlinedIcon sx={{ color: 'error.main' }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" noWrap>
          {attachment.file_name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          PDF · {size}
        </Typography>
      </Box>
    </Link>
  );
}
