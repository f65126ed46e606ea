import { request } from "node:http"

/** How a call on its own connection came out: the answer's status, or the code of what cut it. */
export type OwnConnectionOutcome = number | string

/**
 * One call on a connection of its own, so no keep-alive socket is shared between calls: a
 * server process stopped or replaced takes its sockets with it, which says nothing of the
 * calls that come after. With `answerWithinMs`, a call still unanswered by then is cut
 * (reported as NO_ANSWER) rather than holding the test. Never rejects.
 */
export const callOnOwnConnection = (
  url: string,
  method: string,
  path: string,
  token: string,
  { body, answerWithinMs }: { readonly body?: unknown; readonly answerWithinMs?: number } = {}
): Promise<OwnConnectionOutcome> =>
  new Promise((done) => {
    const payload = body === undefined ? "" : JSON.stringify(body)
    const sent = request(
      `${url}${path}`,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) })
        }
      },
      (response) => {
        response.resume()
        response.on("end", () => done(response.statusCode ?? 0))
        response.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message))
      }
    )
    sent.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message))
    if (answerWithinMs !== undefined)
      sent.setTimeout(answerWithinMs, () => sent.destroy(Object.assign(new Error("no answer"), { code: "NO_ANSWER" })))
    sent.end(payload)
  })
