import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait-for.js';

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  /** X-Linedesk-Delivery: the notice's outbox id, on mails the notification outbox sent. */
  deliveryId: string | undefined;
};

export type TestSmtpServer = {
  /** For the panel's SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The first mail to `to` that `match` accepts, once it has arrived. */
  mailTo: (to: string, match?: (mail: ReceivedMail) => boolean) => Promise<ReceivedMail>;
  stop: () => Promise<void>;
};

/**
 * A real SMTP server on loopback (nodemailer's smtp-server), so the panel's mails go over SMTP as in
 * production and the test reads them as a mail client would: decoded subject and text.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            deliveryId: parsed.headers.get('x-linedesk-delivery')?.toString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client that goes away mid-session (a panel killed by a crash test) resets its connection, and
  // smtp-server reports that as the server's 'error': a mail server serves the next client, and
  // without a listener the report would be an uncaught exception in the test process.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailTo: async (to, match = () => true) => {
      const find = () => mails.find((mail) => mail.to.includes(to.toLowerCase()) && match(mail));
      return (await waitFor(find, (mail) => mail !== undefined))!;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
