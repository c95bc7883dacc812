import type { NoticeWriters } from './notice-types.js';

type CreditNoticeKind =
  'topup_credited' | 'topup_rejected' | 'topup_reversed' | 'topup_needs_attention' | 'balance_low';

/** Notices about credits: top-ups decided, reversed or in need of an admin, and a low balance. */
export const creditNoticeTexts: NoticeWriters<CreditNoticeKind> = {
  topup_credited: (p, t, publicUrl) => ({
    title: t('topups.approvedTitle'),
    content: t('topups.approvedContent', {
      count: p.credits,
      packageName: p.package_name,
      reference: p.reference,
      credits: p.credits,
      balance: p.balance,
    }),
    link: `${publicUrl}/payments`,
  }),
  topup_rejected: (p, t, publicUrl) => ({
    title: t('topups.rejectedTitle'),
    content: t('topups.rejectedContent', {
      packageName: p.package_name,
      reference: p.reference,
      reason: p.reason,
    }),
    link: `${publicUrl}/payments`,
  }),
  topup_reversed: (p, t, publicUrl) => {
    const kind = t(`topups.reversalKinds.${p.reversal}`);
    if (p.audience === 'admin') {
      return {
        title: t('topups.adminReversalTitle', { kind, email: p.account_email }),
        content: t('topups.adminReversalContent', {
          provider: p.provider,
          kind,
          packageName: p.package_name,
          email: p.account_email,
          reference: p.reference,
          payment: p.payment,
          amount: p.amount,
          credits: p.credits > 0 ? `+${p.credits}` : String(p.credits),
          balance: p.balance,
        }),
        link: `${publicUrl}/payments/pricing`,
      };
    }
    const taken = p.credits < 0;
    return {
      title: t(taken ? 'topups.reversedTitle' : 'topups.reinstatedTitle'),
      content: t(taken ? 'topups.reversedContent' : 'topups.reinstatedContent', {
        count: Math.abs(p.credits),
        provider: p.provider,
        kind,
        packageName: p.package_name,
        reference: p.reference,
        credits: Math.abs(p.credits),
        balance: p.balance,
      }),
      link: `${publicUrl}/payments/receipts/${p.request_id}`,
    };
  },
  topup_needs_attention: (p, t, publicUrl) => {
    if (p.audience === 'admin') {
      return {
        title: t('topups.needsAttentionAdminTitle', { email: p.account_email }),
        content: t('topups.needsAttentionAdminContent', {
          provider: p.provider,
          packageName: p.package_name,
          email: p.account_email,
          reference: p.reference,
          payment: p.payment,
          amount: p.amount,
        }),
        link: `${publicUrl}/payments/pricing?tab=requests&status=needs_attention`,
      };
    }
    return {
      title: t('topups.needsAttentionTitle'),
      content: t('topups.needsAttentionContent', {
        provider: p.provider,
        packageName: p.package_name,
        reference: p.reference,
        amount: p.amount,
      }),
      link: `${publicUrl}/payments`,
    };
  },
  balance_low: (p, t, publicUrl) => ({
    title: t('notifications.balanceLowTitle', {
      count: p.threshold,
      threshold: p.threshold,
    }),
    content: t('notifications.balanceLowContent', {
      count: p.balance,
      balance: p.balance,
      threshold: p.threshold,
    }),
    link: `${publicUrl}/payments`,
  }),
};
