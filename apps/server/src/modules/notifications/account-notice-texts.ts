import type { NoticeWriters } from './notice-types.js';

type AccountNoticeKind = 'ticket_answered' | 'account_signed_up' | 'test';

/** Notices about accounts: an answered ticket, a new sign-up, and the channels' test message. */
export const accountNoticeTexts: NoticeWriters<AccountNoticeKind> = {
  ticket_answered: (p, t, publicUrl) => {
    const link = `${publicUrl}/tickets/${p.ticket_id}`;
    return {
      title: t('notifications.ticketTitle', { id: p.ticket_id, title: p.title }),
      content: t('notifications.ticketContent', { title: p.title, link }),
      link,
    };
  },
  account_signed_up: (p, t, publicUrl) => ({
    title: t('notifications.signedUpTitle', { email: p.email }),
    content: t('notifications.signedUpContent', { email: p.email, username: p.username }),
    link: `${publicUrl}/resellers`,
  }),
  test: (_p, t, publicUrl) => ({
    title: t('notifications.testTitle'),
    content: t('notifications.testContent'),
    link: publicUrl,
  }),
};
