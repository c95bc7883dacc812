import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  link?: string;
  /**
   * A notice's outbox id: sent as the Message-ID and `X-Linedesk-Delivery`, so a mail sent again after
   * a crash (delivery is at least once) can be recognised as the same one.
   */
  deliveryId?: number;
};
export type Mailer = { send: (mail: Mail) => Promise<void>; transport: 'smtp' | 'log' };

/**
 * Without SMTP every mail goes to the log on one line, link included, so a fresh install can still
 * confirm sign-ups.
 */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      transport: 'log',
      send: async (mail) => {
        log.info(
          { mail: { to: mail.to, subject: mail.subject, link: mail.link } },
          `Mail to ${mail.to}: ${mail.subject} ${mail.link ?? ''}`,
        );
      },
    };
  }
  const smtpUrl = config.smtpUrl;
  // Loaded at the first mail: a panel that sends none does not carry nodemailer in memory.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl)));
  return {
    transport: 'smtp',
    send: async (mail) => {
      await (
        await connect()
      ).sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.deliveryId === undefined
          ? {}
          : {
              messageId: `<notification-${mail.deliveryId}@${new URL(config.publicUrl).hostname}>`,
              headers: { 'X-Linedesk-Delivery': String(mail.deliveryId) },
            }),
      });
      log.info({ mail: { to: mail.to, subject: mail.subject } }, 'Mail sent');
    },
  };
}
