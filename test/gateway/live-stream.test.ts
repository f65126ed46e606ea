/**
 * The live stream's reader over scripted answers: how it frames the event stream however
 * the bytes are cut, what it makes of each answer the server may give, and that it stops
 * when told. test/gateway/live-stream.server.test.ts reads the real server.
 */
import { describe, expect, test } from "vitest"
import type { LiveEvent } from "#domain/live-events.ts"
import { eventStreamParser, readLiveStream, retryAfterMs, type StreamEvent } from "#gateway/live-stream.ts"

const message = (seq: number, body: string) => ({
  type: "message" as const,
  message: {
    id: `0b6e4c1e-8f7a-4c1d-9a63-2f1e5d7c9b${String(seq).padStart(2, "0")}`,
    clientId: 7,
    senderId: 3,
    body,
    createdAt: "2026-11-23T17:05:00.000Z",
    seq
  }
})

const STREAM = [
  "retry: 3000\n\n",
  `id: 10\ndata: ${JSON.stringify({ type: "ready", cursor: 10 })}\n\n`,
  ": heartbeat\n\n",
  `id: 11\ndata: ${JSON.stringify(message(11, "Left knee, stopped at 3"))}\n\n`,
  `id: 12\ndata: ${JSON.stringify(message(12, "line one\nline two"))}\n\n`
].join("")

const parse = (chunks: ReadonlyArray<string>) => {
  const events: Array<StreamEvent> = []
  const retries: Array<number> = []
  const parser = eventStreamParser({ event: (event) => events.push(event), retry: (ms) => retries.push(ms) })
  chunks.forEach((chunk) => parser.push(chunk))
  return { events, retries }
}

describe("the event-stream parser", () => {
  const whole = parse([STREAM])

  test("reads ids, data and retry, and skips heartbeats", () => {
    expect(whole.retries).toEqual([3000])
    expect(whole.events.map((event) => event.id)).toEqual(["10", "11", "12"])
    expect(JSON.parse(whole.events[2]?.data ?? "")).toEqual(message(12, "line one\nline two"))
  })

  test("gets the same events however the text is cut, one character at a time included", () => {
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? []
      expect(parse(chunks)).toEqual(whole)
    }
  })

  test("takes CRLF and CR line breaks, even a CRLF cut between two chunks", () => {
    const crlf = STREAM.replaceAll("\n", "\r\n")
    expect(parse([crlf])).toEqual(whole)
    const cut = crlf.indexOf("\r\n") + 1
    expect(parse([crlf.slice(0, cut), crlf.slice(cut)])).toEqual(whole)
    expect(parse([STREAM.replaceAll("\n", "\r")])).toEqual(whole)
  })

  test("joins several data lines with newlines, and an event without data is no event", () => {
    expect(parse(["data: a\ndata:b\n\nid: 4\n\n"]).events).toEqual([{ id: undefined, data: "a\nb" }])
  })

  test("keeps an unfinished event until its blank line comes", () => {
    expect(parse(["id: 1\ndata: x\n"]).events).toEqual([])
  })
})

test("Retry-After in seconds or as a date", () => {
  expect(retryAfterMs("5")).toBe(5000)
  expect(retryAfterMs(null)).toBeUndefined()
  expect(retryAfterMs(new Date(61_000).toUTCString(), 1_000)).toBe(60_000)
  expect(retryAfterMs("soon")).toBeUndefined()
})

/** A reader over scripted answers, recording what it sent. */
function reader(answers: Array<() => Response>, tokens: { fresh?: string } = {}) {
  const sent: Array<{ authorization: string | null; lastEventId: string | null }> = []
  const options = {
    baseUrl: "http://api.test",
    getIdToken: (forceRefresh?: boolean) =>
      Promise.resolve(forceRefresh === true ? (tokens.fresh ?? "fresh") : "cached"),
    fetch: (_input: string, init: RequestInit) => {
      const headers = new Headers(init.headers)
      sent.push({ authorization: headers.get("authorization"), lastEventId: headers.get("last-event-id") })
      const answer = answers.shift()
      if (answer === undefined) throw new Error("no answer scripted")
      return Promise.resolve(answer())
    }
  }
  const read = async (after?: number, signal = new AbortController().signal) => {
    const got: Array<{ id: number; event: LiveEvent } | { ready: number }> = []
    const end = await readLiveStream(options, after, signal, {
      ready: (cursor) => got.push({ ready: cursor }),
      event: (id, event) => got.push({ id, event })
    })
    return { end, got }
  }
  return { read, sent }
}

const streamOf = (text: string) =>
  new Response(new Blob([text]).stream(), { headers: { "content-type": "text/event-stream" } })

describe("one connection", () => {
  test("hands on ready, then each event with its id, and says the server ended it", async () => {
    const { read, sent } = reader([() => streamOf(STREAM)])
    const { end, got } = await read(9)
    expect(end).toEqual({ kind: "ended" })
    expect(got).toEqual([
      { ready: 10 },
      { id: 11, event: message(11, "Left knee, stopped at 3") },
      { id: 12, event: message(12, "line one\nline two") }
    ])
    expect(sent).toEqual([{ authorization: "Bearer cached", lastEventId: "9" }])
  })

  test("skips an event it cannot read and goes on", async () => {
    const { read } = reader([
      () => streamOf(`id: 5\ndata: {"type":"gossip"}\n\nid: 6\ndata: ${JSON.stringify(message(6, "ok"))}\n\n`)
    ])
    expect((await read()).got).toEqual([{ id: 6, event: message(6, "ok") }])
  })

  test("a 401 is tried once more with a fresh token; a second 401 is a refusal", async () => {
    const unauthorized = () => Response.json({ error: "Sign in again" }, { status: 401 })
    const retried = reader([unauthorized, () => streamOf(STREAM)])
    expect((await retried.read()).end).toEqual({ kind: "ended" })
    expect(retried.sent.map((request) => request.authorization)).toEqual(["Bearer cached", "Bearer fresh"])
    expect((await reader([unauthorized, unauthorized]).read()).end).toEqual({ kind: "refused", status: 401 })
  })

  test("names what each refusal means for reconnecting", async () => {
    const answer =
      (status: number, headers: Record<string, string> = {}) =>
      () =>
        Response.json({ error: "no" }, { status, headers })
    expect((await reader([answer(403)]).read()).end).toEqual({ kind: "refused", status: 403 })
    expect((await reader([answer(400)]).read(3)).end).toEqual({ kind: "badCursor" })
    expect((await reader([answer(429, { "retry-after": "5" })]).read()).end).toEqual({
      kind: "busy",
      retryAfterMs: 5000
    })
    expect((await reader([answer(503)]).read()).end).toEqual({ kind: "busy", retryAfterMs: undefined })
    expect((await reader([answer(502)]).read()).end).toEqual({ kind: "failed", reason: "the stream answered 502" })
  })

  test("a network failure is a failure; stopping it from this side is not", async () => {
    const { read } = reader([
      () => {
        throw new TypeError("Failed to fetch")
      }
    ])
    expect((await read()).end).toEqual({ kind: "failed", reason: "Failed to fetch" })
    const stop = new AbortController()
    let push: ReadableStreamDefaultController<Uint8Array> | undefined
    const open = reader([
      () => new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (push = controller) }))
    ])
    const reading = open.read(undefined, stop.signal)
    await new Promise((resolve) => setTimeout(resolve, 10))
    push?.enqueue(new TextEncoder().encode(`id: 1\ndata: ${JSON.stringify({ type: "ready", cursor: 1 })}\n\n`))
    await new Promise((resolve) => setTimeout(resolve, 10))
    stop.abort()
    expect(await reading).toEqual({ end: { kind: "aborted" }, got: [{ ready: 1 }] })
  })
})
