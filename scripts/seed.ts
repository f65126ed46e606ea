// Demo accounts for `npm start`: a coach with two clients and a few weeks of workouts
// around today. The past ones are logged (in RIR, the lifter's scale) and submitted, with
// loads that climb week by week, so a workout done as prescribed today shows last time
// and a personal record; the first client's earliest session was missed. The first client
// has tested maxes for the squat and bench, so Friday's percentage-of-max squat shows
// worked-out loads. Everything goes
// through the Auth emulator and the public API, so seeding exercises the same paths as
// the app, and running it again changes nothing.
import { addDays, todayIso, type IsoDate } from "#domain/calendar.ts"

export const DEMO_PASSWORD = "demo-password"

export const DEMO_ACCOUNTS = {
  password: DEMO_PASSWORD,
  users: [
    { role: "Coach", email: "coach@demo.test", name: "Casey Coach" },
    { role: "Client", email: "client1@demo.test", name: "Alex Lifter" },
    { role: "Client", email: "client2@demo.test", name: "Sam Strong" }
  ]
} as const

type Role = "Coach" | "Client"

interface SignedIn {
  readonly uid: string
  readonly email: string
  readonly idToken: string
}

const emulatorUrl = (path: string) =>
  `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"}/identitytoolkit.googleapis.com/v1/${path}?key=fake`

interface Answer<T> {
  readonly status: number
  /** the parsed JSON body; only trusted when status is 200 */
  readonly body: T
}

interface EmulatorAccount {
  readonly localId: string
  readonly email: string
  readonly idToken: string
}

async function postJson<T>(url: string, body: unknown): Promise<Answer<T>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  return { status: response.status, body: (await response.json()) as T }
}

interface SeedRow {
  readonly id: number
  readonly exercise_order: number
  readonly exercise_id: string
  readonly set: number
  readonly reps: number | "AMRAP" | null
  readonly rpe: number | null
  readonly weight: number | null
  readonly max_percent: number | null
  readonly backoff_percent: number | null
  readonly amsap: boolean
}

const emailVerifiedIn = (idToken: string): boolean => {
  const payload = idToken.split(".")[1] ?? ""
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email_verified?: unknown }
  return claims.email_verified === true
}

/** Marks the account's email verified, as clicking the emailed link would (emulator admin call). */
async function markEmailVerified(uid: string): Promise<void> {
  const project = process.env.GCLOUD_PROJECT ?? "demo-strength-coach"
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: uid, emailVerified: true })
  })
  if (!response.ok) throw new Error(`Auth emulator did not verify ${uid}: ${await response.text()}`)
}

/**
 * Signs in to the Auth emulator, creating the account the first time, with its email
 * verified: demo clients are linked to the demo coach, and a wiped .data/auth gets the
 * same people back under new uids, which our server re-links by verified email
 * (docs/decisions/012).
 */
export async function emulatorSignIn(email: string, password: string): Promise<SignedIn> {
  const credentials = { email, password, returnSecureToken: true }
  const signIn = () => postJson<EmulatorAccount>(emulatorUrl("accounts:signInWithPassword"), credentials)
  let answer = await signIn()
  if (answer.status !== 200) answer = await postJson<EmulatorAccount>(emulatorUrl("accounts:signUp"), credentials)
  if (answer.status !== 200) throw new Error(`Auth emulator refused ${email}: ${JSON.stringify(answer.body)}`)
  if (!emailVerifiedIn(answer.body.idToken)) {
    await markEmailVerified(answer.body.localId)
    answer = await signIn()
    if (answer.status !== 200) throw new Error(`Auth emulator refused ${email}: ${JSON.stringify(answer.body)}`)
  }
  return { uid: answer.body.localId, email: answer.body.email, idToken: answer.body.idToken }
}

async function api<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" })
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
}

async function ensureAccount(baseUrl: string, user: SignedIn, name: string, role: Role): Promise<number> {
  const check = await api<ReadonlyArray<{ id: number }>>(
    baseUrl,
    "GET",
    `/beta/api/user/check?${new URLSearchParams({ email: user.email, firebaseId: user.uid })}`,
    user.idToken
  )
  const existing = check.status === 200 ? check.body[0] : undefined
  if (existing !== undefined) return existing.id
  const query = new URLSearchParams({ name, email: user.email, firebaseId: user.uid, userType: role })
  const created = await api<{ id: number }>(baseUrl, "POST", `/beta/api/signup/${user.uid}?${query}`, user.idToken)
  if (created.status !== 200) throw new Error(`signup of ${user.email} failed: ${JSON.stringify(created.body)}`)
  return created.body.id
}

const field = (name: string, value: number | "AMRAP") => ({ name, value })

const DAY_MS = 86_400_000

/** Whole weeks from `today` to `date`: 0 this week, -1 the week before. */
const weeksFrom = (today: IsoDate, date: IsoDate) => Math.floor((Date.parse(date) - Date.parse(today)) / (7 * DAY_MS))

/**
 * A simple three-day split: the day of the week picks the session. Loads climb 5 lbs a
 * week up to the week of `today` (and on after it), so the past weeks read lighter.
 * Exercises name their library exercise (the name stays the coach's own wording). Friday's
 * squat is programmed by percentage: a top set at 75 % of the tested max, then backoff
 * sets 10 % under the top set as done; Wednesday opens at 85 % of the deadlift's e1RM.
 */
export function demoWorkoutFor(date: IsoDate, today: IsoDate = date) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  const climb = 5 * weeksFrom(today, date)
  const sets = (count: number, reps: number, rpe: number, weight: number) =>
    Array.from({ length: count }, (_, set) => ({
      set,
      amsap: false,
      fields: [field("reps", reps), field("rpe", rpe), field("weight", weight + climb)]
    }))
  const numbered = <T extends object>(all: ReadonlyArray<T>) => all.map((one, set) => ({ ...one, set }))
  const amsap = { set: 0, amsap: true, fields: [field("reps", "AMRAP"), field("backoff_percent", 10)] }
  const backoff = { set: 0, amsap: false, fields: [field("reps", 5), field("backoff_percent", 10)] }
  switch (weekday) {
    case 1:
      return [
        { name: "Squat", exercise_id: "back-squat", sets: [...sets(3, 5, 8, 225), { ...amsap, set: 3 }] },
        { name: "Bench Press", exercise_id: "bench-press", sets: sets(3, 8, 7.5, 155) }
      ]
    case 3:
      return [
        {
          name: "Deadlift",
          exercise_id: "deadlift",
          sets: numbered([
            { set: 0, amsap: false, fields: [field("reps", 3), field("e1rm_percent", 85)] },
            ...sets(2, 3, 8.5, 315)
          ])
        },
        { name: "Overhead Press", exercise_id: "overhead-press", sets: sets(3, 6, 8, 95) }
      ]
    case 5:
      return [
        {
          name: "Squat",
          exercise_id: "back-squat",
          sets: numbered([
            { set: 0, amsap: false, fields: [field("reps", 5), field("max_percent", 75)] },
            backoff,
            backoff
          ])
        },
        { name: "Barbell Row", exercise_id: "barbell-row", sets: sets(4, 10, 7, 135) }
      ]
    default:
      return undefined
  }
}

/** The first demo client's tested maxes (lb), entered by the coach four weeks before today. */
export const DEMO_MAXES: Readonly<Record<string, number>> = { "back-squat": 315, "bench-press": 225 }

/** Plates the demo lifter has: loads round to 5 lb. */
const toPlates = (load: number) => Math.round(load / 5) * 5

export interface SeedOptions {
  /** where the server listens, e.g. http://127.0.0.1:3000 */
  readonly baseUrl: string
  readonly today?: IsoDate
  /** days before and after today that get workouts (3 weeks back, 2 ahead by default) */
  readonly daysBack?: number
  readonly daysAhead?: number
  /** the people to seed (tests pass addresses of their own); default DEMO_ACCOUNTS.users */
  readonly users?: ReadonlyArray<{ readonly email: string; readonly name: string }>
}

type Call = <T = unknown>(method: string, path: string, body?: unknown) => Promise<Answer<T>>

/** The lifter's scale (docs/decisions/016): RPE 8 is 2 RIR, RPE 7.5 is 2.5. */
const rirOf = (rpe: number | null) => (rpe === null ? 2 : 10 - rpe)

/**
 * A past session as the client did it: every set logged in RIR (a rep short on the last
 * set now and then), AMRAP sets at 7, and the workout submitted. With `keptGoing` the
 * lifter also added a set after the AMSAP set (its key names the day, so seeding again
 * adds nothing).
 */
async function logPastSession(
  client: Call,
  date: IsoDate,
  rows: ReadonlyArray<SeedRow>,
  options: {
    readonly repShort: boolean
    readonly keptGoing: boolean
    /** the lifter's tested maxes by exercise id, for sets prescribed at a percentage of max */
    readonly maxes: Readonly<Record<string, number>>
  }
): Promise<void> {
  // The load lifted: as prescribed, worked out from the max, or 10 % under the exercise's top set.
  const topSet = new Map<number, number>()
  const loadOf = (row: SeedRow): number | undefined => {
    if (row.weight !== null) return row.weight
    const max = options.maxes[row.exercise_id]
    if (row.max_percent !== null && max !== undefined) return toPlates((max * row.max_percent) / 100)
    const top = topSet.get(row.exercise_order)
    if (row.backoff_percent !== null && top !== undefined) return toPlates(top * (1 - row.backoff_percent / 100))
    return undefined
  }
  const logSet = async (row: SeedRow, reps: number) => {
    const weight = loadOf(row)
    if (weight !== undefined && !topSet.has(row.exercise_order)) topSet.set(row.exercise_order, weight)
    const logged = await client("PUT", "/beta/api/updateWorkoutResult", {
      id: row.id,
      reps,
      rir: rirOf(row.rpe),
      ...(weight === undefined ? {} : { weight, weight_unit: "lb" })
    })
    if (logged.status !== 200) throw new Error(`logging a set failed: ${JSON.stringify(logged.body)}`)
  }
  for (const row of rows) {
    await logSet(row, row.reps === "AMRAP" ? 7 : (row.reps ?? 5) - (row.set === 2 && options.repShort ? 1 : 0))
    if (row.amsap && options.keptGoing) {
      const added = await client<SeedRow>("POST", "/beta/api/loggedSet", {
        afterSetId: row.id,
        idempotencyKey: `demo-kept-going-${date}`
      })
      if (added.status !== 200) throw new Error(`adding a set failed: ${JSON.stringify(added.body)}`)
      await logSet(added.body, 6)
    }
  }
  const submitted = await client("PUT", "/beta/api/workoutCompletion", {
    date,
    workout_order: 0,
    started_at: `${date}T17:00:00.000Z`,
    ended_at: `${date}T18:05:00.000Z`,
    duration_seconds: 3_720
  })
  if (submitted.status !== 200) throw new Error(`submitting a workout failed: ${JSON.stringify(submitted.body)}`)
}

/** The coach enters the client's tested maxes, unless the client has some already (seeding again adds none). */
async function ensureMaxes(
  coach: Call,
  clientId: number,
  maxes: Readonly<Record<string, number>>,
  setOn: IsoDate
): Promise<void> {
  const existing = await coach<ReadonlyArray<unknown>>("GET", `/beta/api/maxes/${clientId}`)
  if (existing.status !== 200) throw new Error(`reading maxes failed: ${JSON.stringify(existing.body)}`)
  if (existing.body.length > 0) return
  for (const [exercise_id, value] of Object.entries(maxes)) {
    const added = await coach("POST", "/beta/api/maxes", { clientId, exercise_id, value, unit: "lb", set_on: setOn })
    if (added.status !== 200) throw new Error(`recording a max failed: ${JSON.stringify(added.body)}`)
  }
}

/** The client accepts the open invitation from `coachEmail`; nothing when there is none. */
async function acceptInvitationOf(client: Call, coachEmail: string): Promise<void> {
  const coaching = await client<{ invitations: ReadonlyArray<{ invitationId: number; coachEmail: string }> }>(
    "GET",
    "/beta/api/coaching"
  )
  if (coaching.status !== 200) throw new Error(`reading invitations failed: ${JSON.stringify(coaching.body)}`)
  const invitation = coaching.body.invitations.find((one) => one.coachEmail === coachEmail)
  if (invitation === undefined) return
  const accepted = await client("POST", `/beta/api/coaching/invitations/${invitation.invitationId}/accept`)
  if (accepted.status !== 200) throw new Error(`accepting the invitation failed: ${JSON.stringify(accepted.body)}`)
}

/** Seeds (or leaves as they are) the demo coach, two clients and their workouts. */
export async function seedDemo(options: SeedOptions): Promise<void> {
  const { baseUrl } = options
  const today = options.today ?? todayIso(new Date())
  const [coachInfo, ...clientInfos] = options.users ?? DEMO_ACCOUNTS.users
  if (coachInfo === undefined) throw new Error("seedDemo needs a coach")
  const coach = await emulatorSignIn(coachInfo.email, DEMO_PASSWORD)
  const coachId = await ensureAccount(baseUrl, coach, coachInfo.name, "Coach")

  for (const [index, info] of clientInfos.entries()) {
    const client = await emulatorSignIn(info.email, DEMO_PASSWORD)
    const clientId = await ensureAccount(baseUrl, client, info.name, "Client")
    const added = await api(baseUrl, "POST", "/beta/api/addClient", coach.idToken, {
      data: { coachId, clientEmail: info.email }
    })
    if (added.status !== 200 && added.status !== 409)
      throw new Error(`addClient ${info.email}: ${JSON.stringify(added.body)}`)
    const asClient: Call = (method, path, body) => api(baseUrl, method, path, client.idToken, body)
    // An invitation waits for the client (docs/decisions/033): the demo client accepts it.
    if (added.status === 200) await acceptInvitationOf(asClient, coachInfo.email)
    const maxes = index === 0 ? DEMO_MAXES : {}
    await ensureMaxes(
      (method, path, body) => api(baseUrl, method, path, coach.idToken, body),
      clientId,
      maxes,
      addDays(today, -28)
    )

    const from = addDays(today, -(options.daysBack ?? 21))
    const to = addDays(today, options.daysAhead ?? 14)
    const existing = await asClient<ReadonlyArray<SeedRow>>(
      "GET",
      `/beta/api/workouts/${clientId}?from=${from}&to=${to}`
    )
    if (existing.status === 200 && existing.body.length > 0) continue

    let sessionsBefore = 0
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const workout = demoWorkoutFor(date, today)
      if (workout === undefined) continue
      const saved = await api<ReadonlyArray<SeedRow>>(baseUrl, "POST", "/beta/api/workout", coach.idToken, {
        clientId,
        date,
        workout
      })
      if (saved.status !== 200) throw new Error(`saving a workout failed: ${JSON.stringify(saved.body)}`)
      if (date >= today) continue
      // The first client missed their first session: the calendar shows a missed day.
      const first = index === 0
      if (first && sessionsBefore++ === 0) continue
      await logPastSession(asClient, date, saved.body, { repShort: clientId % 2 === 0, keptGoing: first, maxes })
    }
  }
}
