// A local stand-in for an SMTP relay: accepts every message on a loopback port and keeps
// it in memory, so npm start, the end-to-end stack and the server tests send real email
// (through nodemailer, server/mail/mailer.ts) without it leaving the machine.
// Caught mail is read in-process (messages()) or, when an HTTP port is given, at
// GET /messages as JSON [{to, subject, text}], newest last.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { pathToFileURL } from "node:url"
import { simpleParser } from "mailparser"
import { SMTPServer } from "smtp-server"

export interface CaughtMessage {
  /** The envelope's recipients, comma-separated (what the relay was asked to deliver to). */
  readonly to: string
  readonly subject: string
  readonly text: string
}

export interface MailCatcher {
  /** What SMTP_URL should be for a server to send here. */
  readonly smtpUrl: string
  /** GET {httpUrl}/messages lists what was caught; undefined when no HTTP port was asked for. */
  readonly httpUrl: string | undefined
  readonly messages: () => ReadonlyArray<CaughtMessage>
  /** Stops both ports; a send to smtpUrl is refused from then on. */
  readonly close: () => Promise<void>
}

export interface MailCatcherOptions {
  /** 0 (the default) picks a free port. */
  readonly smtpPort?: number
  /** Serve the caught mail over HTTP on this port (0 picks one); omitted: no HTTP endpoint. */
  readonly httpPort?: number
}

const HOST = "127.0.0.1"

const listening = (server: { listen: (port: number, host: string, done: () => void) => unknown }, port: number) =>
  new Promise<void>((done) => void server.listen(port, HOST, done))

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const caught: CaughtMessage[] = []
  const smtp = new SMTPServer({
    // Loopback only and nothing to protect: no login, and no STARTTLS (its built-in
    // certificate is self-signed, which a verifying sender would refuse).
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(", ")
      // Kept before the 250 goes back, so once a send has resolved its message is listed.
      simpleParser(stream).then(
        (parsed) => {
          caught.push({ to, subject: parsed.subject ?? "", text: parsed.text ?? "" })
          callback()
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)))
      )
    }
  })
  await listening(smtp, options.smtpPort ?? 0)
  const smtpPort = (smtp.server.address() as AddressInfo).port

  let http: Server | undefined
  if (options.httpPort !== undefined) {
    http = createServer((request, response) => {
      if (request.method === "GET" && request.url === "/messages") {
        response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
        response.end(JSON.stringify(caught))
      } else {
        response.writeHead(404, { "content-type": "application/json" })
        response.end(JSON.stringify({ error: "GET /messages lists the caught mail" }))
      }
    })
    await listening(http, options.httpPort)
  }
  const httpUrl = http === undefined ? undefined : `http://${HOST}:${(http.address() as AddressInfo).port}`

  let closed: Promise<void> | undefined
  const close = () =>
    (closed ??= Promise.all([
      new Promise<void>((done) => smtp.close(() => done())),
      new Promise<void>((done) => {
        if (http === undefined) {
          done()
          return
        }
        http.close(() => done())
        http.closeAllConnections()
      })
    ]).then(() => undefined))

  return { smtpUrl: `smtp://${HOST}:${smtpPort}`, httpUrl, messages: () => [...caught], close }
}

// On its own: `tsx scripts/mail-catcher.ts [smtpPort] [httpPort]` (defaults 1025, 1080).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const catcher = await startMailCatcher({
    smtpPort: Number(process.argv[2] ?? 1025),
    httpPort: Number(process.argv[3] ?? 1080)
  })
  console.log(`Catching mail at ${catcher.smtpUrl}; read it at ${catcher.httpUrl ?? ""}/messages`)
  const stop = () => void catcher.close().then(() => process.exit(0))
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}
