import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContactDetails } from '@linedesk/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useContactDetails } from '../hooks/use-contact';
import { telegramLink, whatsappLink } from '../lib/contact-links';
import { ContactDetailsDialog } from './contact-details-dialog';

function Entry({
  icon,
  label,
  children,
  testId,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        sx={{
          width: 40,
          height: 40,
          borderRadius: 1.5,
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'primary.lighter',
          color: 'primary.dark',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography variant="subtitle2" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
          {children}
        </Typography>
      </Box>
    </Box>
  );
}

function linked(text: string, href: string | null) {
  return href ? (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </Link>
  ) : (
    text
  );
}

function hasAny(details: ContactDetails) {
  return Boolean(details.email || details.telegram || details.whatsapp || details.hours || details.note);
}

/** The contact details an admin set; admins can edit them in place. */
export function ContactDetailsCard({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const details = useContactDetails();
  const [editing, setEditing] = useState(false);
  const data = details.data;

  return (
    <Card data-testid="contact-details">
      <CardHeader
        title={t('contact.detailsTitle')}
        action={
          admin && (
            <Button
              size="small"
              color="inherit"
              startIcon={<EditOutlinedIcon />}
              onClick={() => setEditing(true)}
              disabled={!data}
              data-testid="contact-edit"
            >
              {t('contact.edit')}
            </Button>
          )
        }
      />
      <CardContent>
        {details.isPending && (
          <Stack sx={{ gap: 2 }}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={40} />
            ))}
          </Stack>
        )}
        {details.isError && <Alert severity="error">{errorMessage(details.error)}</Alert>}
        {data && !hasAny(data) && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="contact-empty">
            {t('contact.noDetails')}
          </Typography>
        )}
        {data && hasAny(data) && (
          <Stack sx={{ gap: 2.5 }}>
            {data.email && (
              <Entry icon={<EmailOutlinedIcon />} label={t('contact.email')} testId="contact-email">
                <Link href={`mailto:${data.email}`}>{data.email}</Link>
              </Entry>
            )}
            {data.telegram && (
              <Entry icon={<TelegramIcon />} label={t('contact.telegram')} testId="contact-telegram">
                {linked(data.telegram, telegramLink(data.telegram))}
              </Entry>
            )}
            {data.whatsapp && (
              <Entry icon={<WhatsAppIcon />} label={t('contact.whatsapp')} testId="contact-whatsapp">
                {linked(data.whatsapp, whatsappLink(data.whatsapp))}
              </Entry>
            )}
            {data.hours && (
              <Entry icon={<ScheduleIcon />} label={t('contact.hours')} testId="contact-hours">
                {data.hours}
              </Entry>
            )}
            {data.note && (
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap' }}
                data-testid="contact-note"
              >
                {data.note}
              </Typography>
            )}
          </Stack>
        )}
      </CardContent>
      {admin && <ContactDetailsDialog open={editing} details={data} onClose={() => setEditing(false)} />}
    </Card>
  );
}
