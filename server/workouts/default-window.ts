import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { API_STAGE } from "#domain/api.ts"
import type { IsoDate } from "#domain/calendar.ts"
import { adjacentReadWindow, defaultReadWindow, type OptionalReadRange, type ReadRange } from "#domain/workout.ts"

/*
 * Reads without a query (docs/decisions/034-spec-reads-default-window.md):
 * /workouts and /workoutResults sent with no from and to answer the rows of a default
 * window around the server's today, and say which days in headers. A read with from and
 * to is answered as it was, with no such headers.
 */

/** The server's today: the UTC calendar day of its clock (instants on the wire are UTC too). */
export const todayUtc: Effect.Effect<IsoDate> = Effect.map(
  Clock.currentTimeMillis,
  (millis) => new Date(millis).toISOString().slice(0, 10) as IsoDate
)

/** Header names of the window a query-less read was answered for. */
export const WINDOW_FROM_HEADER = "x-window-from"
export const WINDOW_TO_HEADER = "x-window-to"

const windowQuery = (window: ReadRange) => `from=${window.from}&to=${window.to}`

/**
 * The headers of an answer for `window` at `path` (the call's path under the stage):
 * the days served, and the windows either side of it as links with explicit from and to.
 */
export const windowHeaders = (path: string, window: ReadRange): Record<string, string> => {
  const link = (side: "prev" | "next") =>
    `<${API_STAGE}${path}?${windowQuery(adjacentReadWindow(window, side))}>; rel="${side}"`
  return {
    [WINDOW_FROM_HEADER]: window.from,
    [WINDOW_TO_HEADER]: window.to,
    link: `${link("prev")}, ${link("next")}`
  }
}

/** What a read was asked for: the range sent, or (nothing sent) the default window. */
export type AskedRange =
  { readonly _tag: "Sent"; readonly range: ReadRange } | { readonly _tag: "DefaultWindow"; readonly range: ReadRange }

/**
 * The range to read. The contract (OptionalReadRange) has refused one end without the
 * other, so a query has both or neither.
 */
export const askedRange = (query: OptionalReadRange): Effect.Effect<AskedRange> =>
  query.from !== undefined && query.to !== undefined
    ? Effect.succeed({ _tag: "Sent", range: { from: query.from, to: query.to } })
    : Effect.map(todayUtc, (today) => ({ _tag: "DefaultWindow", range: defaultReadWindow(today) }))

/**
 * Reads `asked.range` with `read`; an answer for the default window carries its headers.
 * They are added once the read has succeeded, so a refusal (401, 403, 404) has none.
 */
export const readAsked = <A, E, R>(
  path: string,
  asked: AskedRange,
  read: (range: ReadRange) => Effect.Effect<A, E, R>
) =>
  Effect.gen(function* () {
    const answer = yield* read(asked.range)
    if (asked._tag === "DefaultWindow") {
      const headers = windowHeaders(path, asked.range)
      yield* HttpEffect.appendPreResponseHandler((_request, response) =>
        Effect.succeed(HttpServerResponse.setHeaders(response, headers))
      )
    }
    return answer
  })
