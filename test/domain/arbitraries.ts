/*
 * Generators for valid domain values, written independently of the schemas
 * (plain fast-check, cast to the branded types) so the schemas are actually
 * tested rather than used to produce their own inputs.
 */
import fc from "fast-check"
import type { IsoDate, RouteDate } from "#domain/calendar.ts"
import type { FirebaseUid, SetId, UserId } from "#domain/ids.ts"
import type { FieldName, Percent, PerformedReps, RepCount, Reps, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import type { SessionUser, SignInMethod, UserRecord, UserType } from "#domain/user.ts"
import type {
  BuiltExercise,
  BuiltField,
  BuiltSet,
  ClientLookup,
  GroupedWorkout,
  SetResultUpdate,
  WorkoutRow,
  LoggedRow
} from "#domain/workout.ts"
import type { Lift, ProgressSample } from "#domain/progress.ts"
import type { Unit } from "#domain/units.ts"

export const RUNS = { numRuns: 200 } as const

const noNegativeZero = (n: number): number => (Object.is(n, -0) ? 0 : n)

export const userId = fc.integer({ min: 1, max: 2_147_483_647 }).map((n) => n as UserId)
export const setId = fc.integer({ min: 1, max: 2_147_483_647 }).map((n) => n as SetId)
export const firebaseUid = fc.stringMatching(/^[A-Za-z0-9]{1,128}$/).map((s) => s as FirebaseUid)

export const isoDate = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2199-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10) as IsoDate)

export const routeDate = isoDate.map((iso) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}` as RouteDate)

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** Well-formed YYYY-MM-DD text that is not a real day: 2023-02-30, 2023-13-01, 2023-00-10, 2023-04-00 ... */
export const impossibleIsoText = fc.oneof(
  fc
    .record({
      y: fc.integer({ min: 1900, max: 2199 }),
      m: fc.integer({ min: 1, max: 12 }),
      extra: fc.integer({ min: 1, max: 9 })
    })
    .filter(({ y, m, extra }) => daysInMonth(y, m) + extra <= 99)
    .map(
      ({ y, m, extra }) => `${y}-${String(m).padStart(2, "0")}-${String(daysInMonth(y, m) + extra).padStart(2, "0")}`
    ),
  fc
    .record({
      y: fc.integer({ min: 1900, max: 2199 }),
      m: fc.integer({ min: 13, max: 99 }),
      d: fc.integer({ min: 1, max: 28 })
    })
    .map(({ y, m, d }) => `${y}-${m}-${String(d).padStart(2, "0")}`),
  fc.integer({ min: 1900, max: 2199 }).map((y) => `${y}-00-10`),
  fc.integer({ min: 1900, max: 2199 }).map((y) => `${y}-04-00`)
)

/** Text that is not YYYY-MM-DD at all. */
export const malformedDateText = fc.oneof(
  fc.constantFrom("", "2023-3-1", "03-01-2023", "2023/03/01", "20230301", "2023-03-01T00:00:00Z", " 2023-03-01"),
  fc.string().filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s))
)

const trimmedText = (maxLength: number) =>
  fc.string({ minLength: 1, maxLength, unit: "grapheme-ascii" }).filter((s) => s.trim() === s && s.length > 0)

export const personName = trimmedText(100).map((s) => s)
export const exerciseName = trimmedText(100).map((s) => s)

export const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9._+-]{1,30}$/),
    fc.stringMatching(/^[a-z0-9-]{1,20}$/),
    fc.stringMatching(/^[a-z]{2,10}$/)
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)

export const clientEmail = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9._%+-]{1,30}$/),
    fc.array(fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9-]{0,10}[A-Za-z0-9])?$/), { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[A-Za-z]{2,4}$/)
  )
  .map(([local, labels, tld]) => `${local}@${labels.join(".")}.${tld}`)

export const userType = fc.constantFrom<UserType>("Coach", "Client")
export const signInMethod = fc.constantFrom<SignInMethod>(
  "email",
  "google",
  "google popup",
  "google redirect",
  "refresh"
)

export const userRecord: fc.Arbitrary<UserRecord> = fc.record({
  id: userId,
  name: personName,
  email,
  firebase_id: firebaseUid,
  user_type: userType
})

export const sessionUser: fc.Arbitrary<SessionUser> = fc.record({
  id: fc.option(userId, { nil: null }),
  name: fc.option(personName, { nil: null }),
  email: fc.option(email, { nil: null }),
  firebase_id: fc.option(firebaseUid, { nil: null }),
  user_type: fc.option(userType, { nil: null }),
  signInMethod: fc.option(signInMethod, { nil: null }),
  needsSignup: fc.boolean()
})

export const repCount = fc.integer({ min: 0, max: 19 }).map((n) => n as RepCount)
/** Logged reps: a count (0..100), never AMRAP. */
export const performedReps = fc.integer({ min: 0, max: 100 }).map((n) => n as PerformedReps)
export const reps: fc.Arbitrary<Reps> = fc.oneof(fc.constant("AMRAP" as const), repCount)
export const rpe = fc.integer({ min: 2, max: 20 }).map((n) => (n / 2) as Rpe)
/** Half steps (docs/decisions/016). */
export const rir = fc.integer({ min: 0, max: 20 }).map((n) => (n / 2) as Rir)
export const weight = fc
  .oneof(fc.integer({ min: 0, max: 2000 }), fc.double({ min: 0, max: 2000, noNaN: true }))
  .map((n) => noNegativeZero(n) as Weight)
export const percent = fc
  .oneof(fc.integer({ min: 0, max: 150 }), fc.double({ min: 0, max: 150, noNaN: true }))
  .map((n) => noNegativeZero(n) as Percent)
export const fieldName = fc.constantFrom<FieldName>(
  "reps",
  "rpe",
  "backoff_percent",
  "e1rm_percent",
  "max_percent",
  "weight"
)

const orderIndex = fc.integer({ min: 0, max: 50 })

/** A library id: a catalogue-like slug or a coach's own ("custom-12"). */
export const exerciseId: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,3}$/),
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => `custom-${n}`)
)
export const unit = fc.constantFrom<Unit>("lb", "kg")

export const workoutRow = (date: fc.Arbitrary<IsoDate> = isoDate): fc.Arbitrary<WorkoutRow> =>
  fc.record({
    id: setId,
    date,
    workout_order: orderIndex,
    exercise_order: orderIndex,
    exercise: exerciseName,
    exercise_id: exerciseId,
    set: orderIndex,
    reps: fc.option(reps, { nil: null }),
    rir: fc.option(rir, { nil: null }),
    rpe: fc.option(rpe, { nil: null }),
    weight: fc.option(weight, { nil: null }),
    weight_unit: unit,
    backoff_percent: fc.option(percent, { nil: null }),
    e1rm_percent: fc.option(percent, { nil: null }),
    max_percent: fc.option(percent, { nil: null }),
    amsap: fc.boolean(),
    added: fc.boolean()
  })

/** A /workoutResults row: a logged rep count, no percentages. */
export const loggedRow: fc.Arbitrary<LoggedRow> = fc
  .tuple(workoutRow(), fc.option(performedReps, { nil: null }), fc.boolean())
  .map(([row, performed, skipped]) => ({
    ...row,
    reps: performed,
    backoff_percent: null,
    e1rm_percent: null,
    max_percent: null,
    skipped
  }))

export const groupedWorkout: fc.Arbitrary<GroupedWorkout> = fc.record({
  workout_order: orderIndex,
  exercises: fc.array(
    fc.record({
      exercise_order: orderIndex,
      name: exerciseName,
      exercise_id: exerciseId,
      sets: fc.array(workoutRow(), { maxLength: 3 })
    }),
    { maxLength: 3 }
  )
})

export const workoutsByDate = fc.dictionary(isoDate, fc.array(groupedWorkout, { maxLength: 2 }), {
  maxKeys: 4,
  noNullPrototype: true
})

const valueFor: { readonly [N in FieldName]: fc.Arbitrary<BuiltField["value"]> } = {
  reps,
  rpe,
  backoff_percent: percent,
  e1rm_percent: percent,
  max_percent: percent,
  weight
}

export const builtField: fc.Arbitrary<BuiltField> = fieldName.chain((name) =>
  valueFor[name].map((value) => ({ name, value }) as BuiltField)
)

export const builtSet: fc.Arbitrary<BuiltSet> = fc.record({
  set: orderIndex,
  amsap: fc.boolean(),
  fields: fc.uniqueArray(builtField, { selector: (f) => f.name, maxLength: 6 })
})

export const builtExercise: fc.Arbitrary<BuiltExercise> = fc.record({
  name: exerciseName,
  sets: fc.array(builtSet, { minLength: 1, maxLength: 4 })
})

export const builtWorkout = fc.array(builtExercise, { minLength: 1, maxLength: 4 })

export const clientLookup: fc.Arbitrary<ClientLookup> = fc.dictionary(
  fc.oneof(
    userId.map(String),
    clientEmail.map((e) => `pending:${e}`)
  ),
  fc.record({ name: personName, pending: fc.boolean() }),
  { maxKeys: 6, noNullPrototype: true }
)

export const setResultUpdate: fc.Arbitrary<SetResultUpdate> = fc.record(
  {
    id: setId,
    reps: fc.option(performedReps, { nil: null }),
    rir: fc.option(rir, { nil: null }),
    rpe: fc.option(rpe, { nil: null }),
    weight: fc.option(weight, { nil: null })
  },
  { requiredKeys: ["id"] }
)

export const lift = fc.constantFrom<Lift>("squat", "bench press", "deadlift")

export const progressSample: fc.Arbitrary<ProgressSample> = fc.record({
  name: fc.string({ minLength: 1, maxLength: 20 }),
  squat: weight,
  "bench press": weight,
  deadlift: weight
})

export const EXAMPLE_SESSION = {
  id: 1,
  name: "Ada Lovelace",
  email: "ada@example.com",
  firebase_id: "uid-ada",
  user_type: "Client",
  signInMethod: "email",
  needsSignup: false
} as const
