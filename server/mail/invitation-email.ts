import { log } from "../log.ts"
import type { MailMessage, Mailer } from "./mailer.ts"

/** Where the invited person answers: their dashboard lists open invitations (ADR 033). */
export const invitationLink = (appOrigin: string): string => new URL("/client/dashboard", appOrigin).href

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** The email telling `to` that the coach invited them, and how to answer. */
export function invitationEmail(invitation: {
  readonly to: string
  readonly coachName: string
  readonly coachEmail: string
  readonly appOrigin: string
}): MailMessage {
  const { to, coachName, coachEmail } = invitation
  const link = invitationLink(invitation.appOrigin)
  const subject = `${coachName} invited you to train with them`
  const text = [
    `${coachName} (${coachEmail}) invited you to train with them on Strength Coach.`,
    "",
    `Sign in or create an account with this address (${to}), then accept on your dashboard:`,
    link,
    "",
    "Until you accept, they see nothing of your training. If you don't want to, decline there or ignore this email."
  ].join("\n")
  const html = [
    `<p>${escapeHtml(coachName)} (${escapeHtml(coachEmail)}) invited you to train with them on Strength Coach.</p>`,
    `<p>Sign in or create an account with this address (${escapeHtml(to)}), then accept on your dashboard:<br>`,
    `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    "<p>Until you accept, they see nothing of your training. If you don't want to, decline there or ignore this email.</p>"
  ].join("\n")
  return { to, subject, text, html }
}

/** How long an invite's answer waits for the mail server before answering anyway. */
export const SEND_WAIT_MS = 3_000

/**
 * Sends the invitation email without ever failing the caller: the invitation is held and shown in
 * the app whether or not the email goes out, so a refused or failed send is logged only.
 * Waits for the send up to `waitMs` (so the answer usually follows a finished send); past
 * that the send goes on and its outcome is still logged.
 */
export async function sendInvitation(
  mailer: Mailer,
  message: MailMessage,
  waitMs: number = SEND_WAIT_MS
): Promise<void> {
  const sent = mailer.send(message).then(
    () => undefined,
    (error: unknown) => {
      // The address is personal data: the log names what failed, not whom it was for.
      log.warn({ err: error instanceof Error ? error.message : String(error) }, "Invitation email not sent")
    }
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((done) => {
    timer = setTimeout(done, waitMs)
  })
  try {
    await Promise.race([sent, waited])
  } finally {
    clearTimeout(timer)
  }
}
