import fc from "fast-check"
import { EXERCISE_DETAIL_KEYS } from "#domain/exercise-details.ts"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { IsoDate, RouteDate } from "#domain/calendar.ts"
import { FirebaseUid, SetId, UserId, UserIdFromString } from "#domain/ids.ts"
import { Lift, ProgressSample } from "#domain/progress.ts"
import { Percent, Reps, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import { ClientEmail, SessionUser, SignupPayload, UserRecord } from "#domain/user.ts"
import {
  AddClientPayload,
  BuiltField,
  BuiltSet,
  BuiltWorkout,
  ClientLookup,
  SaveWorkoutPayload,
  SetResultUpdate,
  WorkoutByDateResponse,
  WorkoutRow
} from "#domain/workout.ts"
import * as A from "./arbitraries.ts"

/** Decoding fails, and the failure names the offending field (the server turns it into a 400). */
const expectRejected = (schema: Schema.Codec<unknown, unknown>, input: unknown, mentions: string) => {
  const exit = Schema.decodeUnknownExit(schema)(input)
  expect(exit._tag).toBe("Failure")
  expect(() => Schema.decodeUnknownSync(schema)(input)).toThrow(mentions)
}

const schema = <T, E>(s: Schema.Codec<T, E>) => s as unknown as Schema.Codec<unknown, unknown>

const badReps = fc.oneof(
  fc.integer({ min: 20, max: 10_000 }),
  fc.integer({ min: -10_000, max: -1 }),
  fc.double({ min: 0, max: 19, noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom("amrap", "5", "", "AMSAP")
)
// Logged reps are counts up to 100, never AMRAP.
const badPerformedReps = fc.oneof(
  fc.integer({ min: 101, max: 10_000 }),
  fc.integer({ min: -10_000, max: -1 }),
  fc.double({ min: 0, max: 100, noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom("AMRAP", "amrap", "5", "")
)
const badRpe = fc.oneof(
  fc.double({ min: 1, max: 10, noNaN: true }).filter((n) => n * 2 !== Math.round(n * 2)),
  fc.integer({ min: 11, max: 1000 }),
  fc.integer({ min: -1000, max: 0 }),
  fc.constantFrom(0.5, 10.5, "8")
)
// RIR goes in half steps (docs/decisions/016): 1.5 is a value, 1.25 and 0.3 are not.
const badRir = fc.oneof(
  fc.integer({ min: 11, max: 1000 }),
  fc.integer({ min: -1000, max: -1 }),
  fc.constant(10.5),
  fc.constantFrom(1.25, 0.3, 7.75)
)
const badWeight = fc.oneof(
  fc.double({ min: -1e6, max: -Number.MIN_VALUE, noNaN: true }),
  fc.integer({ min: 2001, max: 1e6 }),
  fc.constantFrom("225", "225 lbs")
)
const badPercent = fc.oneof(
  fc.double({ min: -1e6, max: -Number.MIN_VALUE, noNaN: true }),
  fc.integer({ min: 201, max: 1e6 })
)
const badId = fc.oneof(
  fc.integer({ min: -1_000_000, max: 0 }),
  fc.double({ min: 0, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom("1", null, true)
)
const badDate = fc.oneof(A.impossibleIsoText, A.malformedDateText)
const badUserType = fc.oneof(
  fc.constantFrom("coach", "client", "Admin", "", "COACH"),
  fc.string().filter((s) => s !== "Coach" && s !== "Client")
)

describe("malformed values are rejected, naming the field", () => {
  it("a row with reps outside AMRAP or 0..19 is rejected at reps", () => {
    fc.assert(
      fc.property(A.workoutRow(), badReps, (row, reps) => {
        expectRejected(schema(WorkoutRow), { ...row, reps }, "reps")
      }),
      A.RUNS
    )
  })

  it("a row with an rpe off the half steps of 1..10 is rejected at rpe", () => {
    fc.assert(
      fc.property(A.workoutRow(), badRpe, (row, rpe) => {
        expectRejected(schema(WorkoutRow), { ...row, rpe }, "rpe")
      }),
      A.RUNS
    )
  })

  it("a row with rir outside 0..10 in half steps is rejected at rir", () => {
    fc.assert(
      fc.property(A.workoutRow(), badRir, (row, rir) => {
        expectRejected(schema(WorkoutRow), { ...row, rir }, "rir")
      }),
      A.RUNS
    )
  })

  it("a row with a negative, absurd or textual weight is rejected at weight", () => {
    fc.assert(
      fc.property(A.workoutRow(), badWeight, (row, weight) => {
        expectRejected(schema(WorkoutRow), { ...row, weight }, "weight")
      }),
      A.RUNS
    )
  })

  it("a row with a negative or absurd percentage is rejected at that percentage", () => {
    fc.assert(
      fc.property(
        A.workoutRow(),
        badPercent,
        fc.constantFrom("backoff_percent", "e1rm_percent", "max_percent"),
        (row, value, key) => {
          expectRejected(schema(WorkoutRow), { ...row, [key]: value }, key)
        }
      ),
      A.RUNS
    )
  })

  it("a row with an impossible or malformed date is rejected at date", () => {
    fc.assert(
      fc.property(A.workoutRow(), badDate, (row, date) => {
        expectRejected(schema(WorkoutRow), { ...row, date }, "date")
      }),
      A.RUNS
    )
  })

  it("a row with a zero, negative, fractional or textual id is rejected at id", () => {
    fc.assert(
      fc.property(A.workoutRow(), badId, (row, id) => {
        expectRejected(schema(WorkoutRow), { ...row, id }, "id")
      }),
      A.RUNS
    )
  })

  // The title, exercise details and demo are answered only where set (docs/decisions/048): absent is fine.
  const OPTIONAL_ROW_KEYS: ReadonlyArray<string> = ["workout_title", "demo_url", "imported", ...EXERCISE_DETAIL_KEYS]
  const REQUIRED_ROW_KEYS = Object.keys(WorkoutRow.fields).filter((key) => !OPTIONAL_ROW_KEYS.includes(key))

  it("a row missing any required field is rejected naming that field", () => {
    fc.assert(
      fc.property(A.workoutRow(), fc.constantFrom(...REQUIRED_ROW_KEYS), (row, key) => {
        const { [key as keyof typeof row]: _dropped, ...rest } = row
        expectRejected(schema(WorkoutRow), rest, key)
      }),
      A.RUNS
    )
  })

  it("a user record with a user_type other than Coach or Client is rejected at user_type", () => {
    fc.assert(
      fc.property(A.userRecord, badUserType, (user, user_type) => {
        expectRejected(schema(UserRecord), { ...user, user_type }, "user_type")
      }),
      A.RUNS
    )
  })

  it("a user record with an empty name, bad email or empty firebase id is rejected at that field", () => {
    fc.assert(
      fc.property(
        A.userRecord,
        fc.constantFrom(
          ["name", ""],
          ["name", " Ada"],
          ["email", "not-an-email"],
          ["email", ""],
          ["firebase_id", ""],
          ["id", 0]
        ),
        (user, [key, value]) => {
          expectRejected(schema(UserRecord), { ...user, [key as string]: value }, key)
        }
      ),
      A.RUNS
    )
  })

  it("a signup payload with a wrong userType is rejected at userType", () => {
    fc.assert(
      fc.property(A.userRecord, badUserType, (u, userType) => {
        expectRejected(
          schema(SignupPayload),
          { name: u.name, email: u.email, firebaseId: u.firebase_id, userType },
          "userType"
        )
      }),
      A.RUNS
    )
  })

  it("a session user with a wrong user_type or sign-in method is rejected", () => {
    fc.assert(
      fc.property(A.sessionUser, badUserType, (session, user_type) => {
        expectRejected(schema(SessionUser), { ...session, user_type }, "user_type")
      }),
      A.RUNS
    )
    expectRejected(schema(SessionUser), { ...A.EXAMPLE_SESSION, signInMethod: "facebook" }, "signInMethod")
  })

  it("an add-client payload with a badly formed email answers 'Invalid email format' at clientEmail", () => {
    const badEmails = fc.oneof(
      fc.constantFrom(
        "bob",
        "bob@",
        "@x.com",
        "bob@x",
        "bob@x.c",
        "bob@x.toolong",
        "bob@x.c0m",
        "bob @x.com",
        "bob@x..com",
        "bob@-x.com"
      ),
      fc.string().filter((s) => !s.includes("@"))
    )
    fc.assert(
      fc.property(A.userId, badEmails, (coachId, clientEmail) => {
        expectRejected(schema(AddClientPayload), { data: { coachId, clientEmail } }, "Invalid email format")
        expectRejected(schema(AddClientPayload), { data: { coachId, clientEmail } }, "clientEmail")
        expectRejected(schema(ClientEmail), clientEmail, "Invalid email format")
      }),
      A.RUNS
    )
  })

  it("a built field whose value does not fit its name is rejected", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          badReps.map((value) => ({ name: "reps", value })),
          badRpe.map((value) => ({ name: "rpe", value })),
          badWeight.map((value) => ({ name: "weight", value })),
          badPercent.map((value) => ({ name: "max_percent", value })),
          fc.constant({ name: "tempo", value: 3 })
        ),
        (field) => {
          expectRejected(schema(BuiltField), field, field.name === "tempo" ? "field name" : field.name)
        }
      ),
      A.RUNS
    )
  })

  it("a built set that repeats a field name is rejected at fields", () => {
    fc.assert(
      fc.property(A.builtSet, A.builtField, (set, field) => {
        expectRejected(schema(BuiltSet), { ...set, fields: [...set.fields, field, field] }, "fields")
      }),
      A.RUNS
    )
  })

  it("a saved workout with no exercises, an exercise without sets or an empty name is rejected", () => {
    fc.assert(
      fc.property(A.userId, A.isoDate, A.builtExercise, (clientId, date, exercise) => {
        expectRejected(schema(SaveWorkoutPayload), { clientId, date, workout: [] }, "at least one exercise")
        expectRejected(schema(BuiltWorkout), [{ ...exercise, sets: [] }], "at least one set")
        expectRejected(schema(BuiltWorkout), [{ ...exercise, name: "" }], "name")
      }),
      A.RUNS
    )
  })

  it("a saved workout for an impossible date is rejected at date", () => {
    fc.assert(
      fc.property(A.userId, badDate, A.builtWorkout, (clientId, date, workout) => {
        expectRejected(schema(SaveWorkoutPayload), { clientId, date, workout }, "date")
      }),
      A.RUNS
    )
  })

  it("a workoutByDate answer keyed by an impossible date is rejected rather than silently dropped", () => {
    fc.assert(
      fc.property(A.workoutsByDate, A.impossibleIsoText, (data, bad) => {
        expectRejected(schema(WorkoutByDateResponse), { data: { ...data, [bad]: [] } }, "data")
      }),
      A.RUNS
    )
  })

  it("a client lookup entry without its pending flag or name is rejected", () => {
    fc.assert(
      fc.property(A.userId, A.personName, (id, name) => {
        expectRejected(schema(ClientLookup), { [String(id)]: { name } }, "pending")
        expectRejected(schema(ClientLookup), { [String(id)]: { pending: true } }, "name")
      }),
      A.RUNS
    )
    expectRejected(schema(ClientLookup), { "": { name: "Ada", pending: false } }, "client key")
  })

  it("a set result update needs a set id and only valid values", () => {
    fc.assert(
      fc.property(A.setResultUpdate, badRpe, badPerformedReps, (update, rpe, reps) => {
        expectRejected(schema(SetResultUpdate), { ...update, rpe }, "rpe")
        expectRejected(schema(SetResultUpdate), { ...update, reps }, "reps")
        const { id: _id, ...withoutId } = update
        expectRejected(schema(SetResultUpdate), withoutId, "id")
      }),
      A.RUNS
    )
  })

  it("a progress sample with a negative lift value or a capitalised lift name is rejected", () => {
    fc.assert(
      fc.property(A.progressSample, A.lift, badWeight, (sample, lift, value) => {
        expectRejected(schema(ProgressSample), { ...sample, [lift]: value }, lift)
      }),
      A.RUNS
    )
    expectRejected(schema(Lift), "Squat", "lift")
  })

  it("bad dates are rejected in both date formats", () => {
    fc.assert(
      fc.property(badDate, (text) => {
        expectRejected(schema(IsoDate), text, "date")
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
        if (m) expectRejected(schema(RouteDate), `${m[2]}-${m[3]}-${m[1]}`, "date")
      }),
      A.RUNS
    )
    expectRejected(schema(IsoDate), "2023-02-29", "real calendar day")
    expectRejected(schema(RouteDate), "02-29-2023", "real calendar day")
  })
})

describe("branded values cannot be constructed from invalid numbers", () => {
  it("ids refuse zero, negatives and fractions", () => {
    fc.assert(
      fc.property(
        badId.filter((v): v is number => typeof v === "number"),
        (n) => {
          expect(() => UserId.make(n)).toThrow()
          expect(() => SetId.make(n)).toThrow()
        }
      ),
      A.RUNS
    )
    expect(() => FirebaseUid.make("")).toThrow()
    expectRejected(schema(UserIdFromString), "abc", "user id")
    expectRejected(schema(UserIdFromString), "0", "positive")
  })

  it("quantities refuse values outside their ranges", () => {
    fc.assert(
      fc.property(badReps, badRpe, badRir, badWeight, badPercent, (reps, rpe, rir, weight, percent) => {
        expect(Schema.is(Reps)(reps)).toBe(false)
        expect(Schema.is(Rpe)(rpe)).toBe(false)
        expect(Schema.is(Rir)(rir)).toBe(false)
        expect(Schema.is(Weight)(weight)).toBe(false)
        expect(Schema.is(Percent)(percent)).toBe(false)
      }),
      A.RUNS
    )
  })
})
