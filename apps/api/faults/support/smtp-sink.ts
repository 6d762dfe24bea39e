import { SMTPServer } from 'smtp-server';

export interface Accepted {
  messageId: string;
  to: string;
  at: number;
}

export interface SmtpSink {
  url: string;
  /** Every message the server took, in order; a message sent twice appears twice. */
  accepted: Accepted[];
  /** Called once a message is complete, before the server answers 250: a sender killed here never hears back. */
  onAccept(listener: ((message: Accepted) => void) | undefined): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server that records each message's Message-ID as it takes it. It takes a message on
 * the final "." and answers 250 `replyDelayMs` later, like a server writing to its queue first: a
 * client that dies in between has handed over a message it never learns was accepted.
 */
export async function startSmtpSink({
  replyDelayMs = 20,
  recordsTo = () => true,
}: {
  replyDelayMs?: number;
  /**
   * Whose messages the test counts: the demo firm the API seeds at start sends mail of its own (a
   * bank connection needing its client, a digest), which is taken and answered but not recorded.
   */
  recordsTo?: (address: string) => boolean;
} = {}): Promise<SmtpSink> {
  const accepted: Accepted[] = [];
  let listener: ((message: Accepted) => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(headers)?.[1] ?? '(none)';
        const message = {
          messageId,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
          at: Date.now(),
        };
        if (session.envelope.rcptTo.some((rcpt) => recordsTo(rcpt.address))) {
          accepted.push(message);
          listener?.(message);
        }
        setTimeout(() => callback(), replyDelayMs);
      });
    },
  });
  // A sender killed mid-conversation (what the fault tests do) resets its connection: smtp-server
  // reports that as an 'error' on the server, which would otherwise be an uncaught exception in the
  // test process. The message it was sending is what the test counts, not the reset.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    onAccept: (next) => {
      listener = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
