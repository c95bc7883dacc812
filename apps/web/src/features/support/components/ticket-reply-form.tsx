import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TICKET_ATTACHMENT_ACCEPT, TICKET_TEXT_MAX } from '@linedesk/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useReplyToTicket } from '../hooks/use-tickets';
import { checkAttachment, formatFileSize, type AttachmentProblem } from '../lib/attachment-file';

const problemKeys = {
  'too-large': 'tickets.detail.attachmentTooLarge',
  'wrong-type': 'tickets.detail.attachmentWrongType',
  empty: 'tickets.detail.attachmentEmpty',
} as const satisfies Record<AttachmentProblem, string>;

/**
 * The reply box: text and/or one attachment (an image or a PDF up to 5 MB). A closed ticket takes no
 * reply (the server refuses it): the box gives way to a notice pointing at Reopen, unless the ticket
 * was closed while a reply was being written, which then stays in place, unsendable until reopened.
 */
export function TicketReplyForm({ ticketId, closed }: { ticketId: number; closed: boolean }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const reply = useReplyToTicket(ticketId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<AttachmentProblem | null>(null);

  const text = content.trim();
  const hasDraft = text.length > 0 || file !== null;
  const canSend = hasDraft && !closed && text.length <= TICKET_TEXT_MAX && !reply.isPending;

  const pickFile = (picked: File | undefined) => {
    reply.reset();
    if (!picked) return;
    const found = checkAttachment(picked);
    setProblem(found);
    setFile(found ? null : picked);
  };

  const clearFile = () => {
    setFile(null);
    setProblem(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    reply.mutate(
      { content: text, file },
      {
        onSuccess: () => {
          setContent('');
          clearFile();
          snackbar(t('tickets.detail.replySent'));
        },
      },
    );
  };

  if (closed && !hasDraft) {
    return (
      <Alert severity="info" data-testid="ticket-closed-notice">
        {t('tickets.detail.closedNotice')}
      </Alert>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="ticket-reply-form">
      <Stack sx={{ gap: 1.5 }}>
        {closed ? (
          <Alert severity="warning" data-testid="ticket-reply-error">
            {/* The error texts of every area are typed apart from the core file's keys, but always loaded. */}
            {t('errors.TICKET_CLOSED' as 'errors.NOT_FOUND')}
          </Alert>
        ) : (
          reply.isError && (
            <Alert severity="error" data-testid="ticket-reply-error">
              {errorMessage(reply.error)}
            </Alert>
          )
        )}
        <TextField
          value={content}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter sends, as in most chat and mail tools.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSubmit(event);
          }}
          placeholder={t('tickets.detail.replyPlaceholder')}
          multiline
          minRows={3}
          maxRows={14}
          fullWidth
          error={text.length > TICKET_TEXT_MAX}
          helperText={text.length > TICKET_TEXT_MAX ? t('validation.TOO_LONG') : undefined}
          slotProps={{
            htmlInput: { 'aria-label': t('tickets.detail.reply'), 'data-testid': 'ticket-reply-content' },
          }}
        />
        {problem && (
          <Alert severity="warning" onClose={() => setProblem(null)} data-testid="ticket-attachment-problem">
            {t(problemKeys[problem])}
          </Alert>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={TICKET_ATTACHMENT_ACCEPT}
            onChange={(event) => pickFile(event.target.files?.[0])}
            data-testid="ticket-attachment-input"
          />
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            startIcon={<AttachFileIcon />}
            onClick={() => fileInput.current?.click()}
            disabled={reply.isPending}
            data-testid="ticket-attach-button"
          >
            {t('tickets.detail.attach')}
          </Button>
          {file ? (
            <Chip
              label={`${file.name} · ${formatFileSize(file.size, i18n.resolvedLanguage)}`}
              onDelete={clearFile}
              deleteIcon={
                <CancelIcon
                  aria-label={t('tickets.detail.removeAttachment')}
                  data-testid="ticket-attachment-remove"
                />
              }
              data-testid="ticket-attachment-chosen"
              sx={{ maxWidth: 320 }}
            />
          ) : (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('tickets.detail.attachHint')}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button
            type="submit"
            variant="contained"
            endIcon={<SendIcon />}
            disabled={!canSend}
            loading={reply.isPending}
            data-testid="ticket-reply-submit"
          >
            {t('tickets.detail.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
