/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * SPEC calls /workouts/{clientId} and /workoutResults/{clientId} with no query
 * at all. Such a call answers the same plain row list for a default window around the
 * server's today (UTC), named in X-Window-From / X-Window-To, with Link headers to the
 * windows either side (docs/decisions/034-spec-reads-default-window.md). With from and
 * to a read is answered as before, with none of those headers; one end alone is a 400
 * naming the other. Run on PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { addDays, type IsoDate } from "#domain/calendar.ts"
import { DEFAULT_READ_WINDOW, daysInRange, defaultReadWindow, MAX_READ_DAYS } from "#domain/workout.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser } from "./support/emulator-users.ts"

/** The server's today as ADR 034 defines it: the UTC calendar day. */
const utcToday = () => new Date().toISOString().slice(0, 10) as IsoDate

interface Answer {
  readonly status: number
  readonly headers: Headers
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw JSON answer, as a client sees it
  readonly body: any
}

const READS = ["workouts", "workoutResults"] as const
type Read = (typeof READS)[number]

/** `<url>; rel="x"` entries of a Link header, by rel. */
const linksOf = (header: string | null): Record<string, string> =>
  Object.fromEntries(
    (header ?? "").split(/,\s*/).flatMap((entry) => {
      const match = /^<([^>]*)>;\s*rel="([^"]+)"$/.exec(entry.trim())
      return match === null ? [] : [[match[2], match[1]]]
    })
  )

const datesOf = (rows: ReadonlyArray<{ readonly date: string }>) => [...new Set(rows.map((row) => row.date))]

describe.each(databasesUnderTest)("SPEC's reads without a query on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account
  /** Today when the workouts were saved, and the window around it. */
  let today: IsoDate
  let saved: ReadonlyArray<IsoDate>

  const get = async (path: string, token?: string): Promise<Answer> => {
    const response = await fetch(api.server().url + path, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` }
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text === "" ? undefined : JSON.parse(text) }
  }

  const pathOf = (read: Read, id: number = client.id) => `/beta/api/${read}/${id}`

  /** A query-less read, with the days today could have been (UTC midnight may pass during the call). */
  const specRead = async (read: Read, token = client.idToken) => {
    const before = utcToday()
    const answer = await get(pathOf(read), token)
    return { answer, todays: [...new Set([before, utcToday()])] }
  }

  beforeAll(async () => {
    coach = await api.signupAs("Coach")
    client = await api.clientOf(coach)
    today = utcToday()
    const window = defaultReadWindow(today)
    // Both edges, a day past each, and today; each with one set logged.
    saved = [addDays(window.from, -1), window.from, today, window.to, addDays(window.to, 1)]
    for (const date of saved) {
      const answer = await api.saveWorkout(coach, client, date)
      expect(answer.status).toBe(200)
      const logged = await api.call("PUT", "/beta/api/updateWorkoutResult", {
        token: client.idToken,
        body: { id: answer.body[0].id, reps: 5 }
      })
      expect(logged.status).toBe(200)
    }
  })

  it(`the default window is today, ${DEFAULT_READ_WINDOW.daysBefore} days before and ${DEFAULT_READ_WINDOW.daysAfter} after: ${MAX_READ_DAYS} days, a ReadRange`, () => {
    const window = defaultReadWindow("2026-03-01" as IsoDate)
    expect(window).toEqual({ from: "2025-08-30", to: "2026-08-30" })
    expect(daysInRange(window)).toBe(MAX_READ_DAYS)
  })

  describe.each(READS)("GET /api/%s/{clientId}", (read) => {
    it("without a query answers 200 with the rows of the default window, named in X-Window-From and X-Window-To", async () => {
      const { answer, todays } = await specRead(read)
      expect(answer.status).toBe(200)
      const served = { from: answer.headers.get("x-window-from"), to: answer.headers.get("x-window-to") }
      expect(todays.map((day) => defaultReadWindow(day))).toContainEqual(served)
      const from = served.from as string
      const to = served.to as string
      // Rows inside the window are answered, rows outside it are not.
      const inside = saved.filter((date) => date >= from && date <= to)
      expect(datesOf(answer.body)).toEqual(inside)
      expect(inside).toHaveLength(3)
      expect(inside).toContain(today)
    })

    it("the answer is SPEC's plain row list: the same body as an explicit read of the window served", async () => {
      const { answer } = await specRead(read)
      const window = `from=${answer.headers.get("x-window-from")}&to=${answer.headers.get("x-window-to")}`
      const explicit = await get(`${pathOf(read)}?${window}`, client.idToken)
      expect(Array.isArray(answer.body)).toBe(true)
      expect(answer.body).toEqual(explicit.body)
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/)
    })

    it(`Link names the ${MAX_READ_DAYS}-day windows before (prev) and after (next) with explicit from and to`, async () => {
      const { answer } = await specRead(read)
      const from = answer.headers.get("x-window-from") as IsoDate
      const to = answer.headers.get("x-window-to") as IsoDate
      const links = linksOf(answer.headers.get("link"))
      expect(links).toEqual({
        prev: `${pathOf(read)}?from=${addDays(from, -MAX_READ_DAYS)}&to=${addDays(from, -1)}`,
        next: `${pathOf(read)}?from=${addDays(to, 1)}&to=${addDays(to, MAX_READ_DAYS)}`
      })
      // Followed, they are ordinary bounded reads: the day past each edge, and no window headers.
      const prev = await get(links.prev as string, client.idToken)
      const next = await get(links.next as string, client.idToken)
      expect([prev.status, next.status]).toEqual([200, 200])
      expect(datesOf(prev.body)).toEqual(saved.filter((date) => date < from))
      expect(datesOf(next.body)).toEqual(saved.filter((date) => date > to))
      expect(prev.headers.get("x-window-from")).toBeNull()
      expect(next.headers.get("link")).toBeNull()
    })

    it("the client's coach may make SPEC's call too", async () => {
      const { answer: asCoach } = await specRead(read, coach.idToken)
      const { answer: asClient } = await specRead(read)
      expect(asCoach.status).toBe(200)
      expect(asCoach.body).toEqual(asClient.body)
      expect(asCoach.headers.get("x-window-from")).toBe(asClient.headers.get("x-window-from"))
    })

    it("an empty query is SPEC's call", async () => {
      const answer = await get(`${pathOf(read)}?`, client.idToken)
      expect(answer.status).toBe(200)
      expect(answer.headers.get("x-window-from")).not.toBeNull()
    })

    it("with from and to answers exactly those days, as before, with no window headers", async () => {
      const answer = await get(`${pathOf(read)}?from=${today}&to=${today}`, client.idToken)
      expect(answer.status).toBe(200)
      expect(datesOf(answer.body)).toEqual([today])
      expect(answer.headers.get("x-window-from")).toBeNull()
      expect(answer.headers.get("x-window-to")).toBeNull()
      expect(answer.headers.get("link")).toBeNull()
    })

    it("only from is a 400 naming to; only to is a 400 naming from", async () => {
      expect(await get(`${pathOf(read)}?from=${today}`, client.idToken)).toMatchObject({
        status: 400,
        body: { error: "to: is required" }
      })
      expect(await get(`${pathOf(read)}?to=${today}`, client.idToken)).toMatchObject({
        status: 400,
        body: { error: "from: is required" }
      })
    })

    it("bad dates are still a 400 naming the field", async () => {
      const bad = [
        [`from=2025-02-30&to=2025-03-01`, "from"],
        [`from=2025-03-01&to=03-01-2025`, "to"],
        [`from=yesterday`, "from"],
        [`to=2025-13-01`, "to"],
        [`from=2025-03-02&to=2025-03-01`, "to"],
        [`from=2025-01-01&to=2026-01-02`, "to"]
      ] as const
      for (const [query, field] of bad) {
        const answer = await get(`${pathOf(read)}?${query}`, client.idToken)
        expect(answer.status, query).toBe(400)
        expect(Object.keys(answer.body), query).toEqual(["error"])
        expect(answer.body.error, query).toMatch(new RegExp(`^${field}: `))
        expect(answer.headers.get("x-window-from"), query).toBeNull()
      }
    })

    it("without a token is a 401, with no window headers", async () => {
      const answer = await get(pathOf(read))
      expect(answer.status).toBe(401)
      expect(answer.headers.get("x-window-from")).toBeNull()
      expect(answer.headers.get("link")).toBeNull()
    })

    it("someone else's client: another client is a 403, another coach a 404, a caller with no account a 403", async () => {
      const otherClient = await api.signupAs("Client", "Olive Other")
      const otherCoach = await api.signupAs("Coach", "Oscar Other")
      const stranger = await createEmulatorUser("stranger")
      const asOtherClient = await get(pathOf(read), otherClient.idToken)
      const asOtherCoach = await get(pathOf(read), otherCoach.idToken)
      const asStranger = await get(pathOf(read), stranger.idToken)
      expect([asOtherClient.status, asOtherCoach.status, asStranger.status]).toEqual([403, 404, 403])
      for (const answer of [asOtherClient, asOtherCoach, asStranger]) {
        expect(Object.keys(answer.body).filter((key) => key !== "code")).toEqual(["error"])
        expect(answer.headers.get("x-window-from")).toBeNull()
        expect(answer.headers.get("link")).toBeNull()
      }
    })
  })
})
