import { createTransport } from "nodemailer"

/** One email, plain text first (every client reads it), HTML when there is a richer version. */
export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string
}

/** Where the server's email goes out: an SMTP relay in production, the mail catcher locally. */
export interface Mailer {
  readonly send: (message: MailMessage) => Promise<void>
  readonly close: () => void
}

/**
 * A mailer sending through the SMTP server at `smtpUrl` (smtp://user:pass@host:port, or
 * smtps:// for TLS from the start). Short timeouts: a relay that does not answer should
 * fail the send, not hold a connection open for minutes (nodemailer's defaults).
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 },
    { from }
  )
  return {
    send: async (message) => {
      await transport.sendMail({ ...message })
    },
    close: () => transport.close()
  }
}

/** The From of the server's email: a no-reply address at the app's own host name. */
export const senderFor = (appOrigin: string): string => `"Strength Coach" <no-reply@${new URL(appOrigin).hostname}>`
