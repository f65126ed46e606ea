/**
 * A client's maxes as the coach sees them, walked by its model: every state and
 * transition, replayed on a running actor whose gateway the test answers. The coach must
 * see each exercise's current max with the date it was set and every older entry kept
 * under it; a form refused with a message naming the field, never sent; a save that
 * failed said in words with a retry that sends the same entry; and a failed load as an
 * error with a retry, never as "No maxes recorded yet".
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { TestedMax } from "#domain/maxes.ts"
import { clientMaxesImplementations } from "#machines/client-maxes/client-maxes.actors.ts"
import { checkDraft, freshDraft } from "#machines/client-maxes/client-maxes.entry.ts"
import {
  CLIENT_NAME,
  doneAheadLogged,
  maxesInput,
  sampleEntries,
  sampleLogged
} from "#machines/client-maxes/client-maxes.fixtures.ts"
import { clientMaxesMachine } from "#machines/client-maxes/client-maxes.machine.ts"
import {
  CLIENT_MAXES,
  MAXES_NOT_LOADED,
  selectClientMaxes,
  workingE1rms,
  type ClientMaxesSnapshot
} from "#machines/client-maxes/client-maxes.selectors.ts"
import type { ClientMaxesEvent, LoadedMaxes, MaxDraft } from "#machines/client-maxes/client-maxes.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import {
  deferredGateway,
  done,
  failure,
  oneCall,
  replayPath,
  settleMicrotasks,
  type ActorAnswer
} from "./coach-stub-actors.ts"

type ModelEvent = ClientMaxesEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const refused = { _tag: "BadRequest", error: "exercise_id must be an exercise of the library" }

const deadlift: MaxDraft = { exercise_id: "deadlift", value: "405", unit: "lb", set_on: maxesInput.today }
const zero: MaxDraft = { ...deadlift, value: "0" }
const savedDeadlift: TestedMax = {
  exercise_id: "deadlift",
  value: 405,
  unit: "lb",
  set_on: maxesInput.today,
  recorded_at: "2026-11-20T19:00:00.000Z"
}
// A coach who reads kilograms; and one whose name and preferences could not be read (pounds, SPEC's unit).
const withName: LoadedMaxes = { entries: sampleEntries, clientName: CLIENT_NAME, unit: "kg", logged: sampleLogged }
const nothingYet: LoadedMaxes = { entries: [], clientName: null, unit: "lb", logged: null }

const walk = modelOf<ClientMaxesSnapshot, ModelEvent>(clientMaxesMachine, {
  input: maxesInput,
  events: () => [
    { type: "maxes.retry" },
    done("loadMaxes", withName),
    done("loadMaxes", nothingYet),
    failure("loadMaxes", serverDown),
    { type: "max.add", ...deadlift },
    { type: "max.add", ...zero },
    done("addMax", savedDeadlift),
    failure("addMax", refused),
    { type: "max.save.retry" },
    { type: "max.save.dismiss" }
  ],
  serialize: (snapshot) => leafOf(snapshot)
})

describe("the client maxes machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** The page with its real implementation; every call it makes waits for the test. */
function runningMaxes() {
  const stubs = deferredGateway(["maxes", "getAllClients", "preferences", "doneSets", "addMax"])
  const machine = clientMaxesMachine.provide(
    clientMaxesImplementations({ gateway: stubs.gateway, doneWork: stubs.gateway })
  )
  const actor = createActor(machine, { input: maxesInput }).start()
  const loadMaxes: ActorAnswer = {
    done: (output) => {
      const loaded = output as LoadedMaxes
      stubs.settle("maxes", loaded.entries)
      if (loaded.clientName === null) {
        stubs.fail("getAllClients", serverDown)
        stubs.fail("preferences", serverDown)
        stubs.fail("doneSets", serverDown)
      } else {
        stubs.settle("getAllClients", { [String(maxesInput.clientId)]: { name: loaded.clientName, pending: false } })
        stubs.settle("preferences", { unit: loaded.unit, bar: null, smallest_plate: null })
        stubs.settle("doneSets", { sets: loaded.logged, loggedBefore: true })
      }
    },
    // The maxes failing fails the load; the name no longer matters.
    error: (error) => {
      stubs.fail("maxes", error)
      stubs.fail("getAllClients", error)
      stubs.fail("preferences", error)
      stubs.fail("doneSets", error)
    }
  }
  return { stubs, actor, answers: { loadMaxes, addMax: oneCall(stubs, "addMax") } }
}
type RunningMaxes = ReturnType<typeof runningMaxes>

function expectWhatACoachSees(snapshot: ClientMaxesSnapshot, { stubs }: RunningMaxes) {
  const view = selectClientMaxes(snapshot)
  const leaf = leafOf(snapshot)
  const loading = view.status === "loading"
  expect([stubs.isWaitingFor("maxes"), stubs.isWaitingFor("getAllClients"), stubs.isWaitingFor("preferences")]).toEqual(
    [loading, loading, loading]
  )
  if (loading) {
    expect(stubs.argsOf("maxes")).toEqual([maxesInput.clientId])
    expect(stubs.argsOf("getAllClients")).toEqual([maxesInput.coachId])
    // The coach's own preferences: a new entry starts in the coach's unit.
    expect(stubs.argsOf("preferences")).toEqual([maxesInput.coachId])
    // The sets done in the 8 weeks up to today, by the day done (docs/decisions/042).
    expect(stubs.argsOf("doneSets")).toEqual([
      maxesInput.clientId,
      { from: "2026-09-25", today: maxesInput.today, utcOffset: maxesInput.utcOffset }
    ])
  }
  expect(view.error).toBe(view.status === "failed" ? MAXES_NOT_LOADED : null)
  expect(view.subtitle).toBe(snapshot.context.clientName ?? CLIENT_MAXES)
  // The form takes an entry whenever one is not being sent and the maxes are on screen.
  expect(view.form.disabled).toBe(view.status !== "showing" || leaf === "showing.saving")
  expect(view.form.saving).toBe(leaf === "showing.saving")
  // Only a valid entry is ever sent, and while saving it is the one the coach filled in.
  expect(stubs.isWaitingFor("addMax")).toBe(leaf === "showing.saving")
  if (leaf === "showing.saving") {
    expect(stubs.argsOf("addMax")).toEqual([
      { clientId: maxesInput.clientId, exercise_id: "deadlift", value: 405, unit: "lb", set_on: maxesInput.today }
    ])
  }
  expect(view.form.problem).toEqual(
    leaf === "showing.invalid" ? { field: "value", message: "Value must be more than 0" } : null
  )
  expect(view.form.saveError).toBe(
    leaf === "showing.saveFailed" ? "The max was not saved. exercise_id must be an exercise of the library" : null
  )
  if (view.status !== "showing") return
  const squat = view.exercises.find((exercise) => exercise.name === "Back Squat")
  const saved = stubs.calls.filter((call) => call.name === "addMax").length > 0 && snapshot.context.formVersion > 0
  if (snapshot.context.entries.length === 0) expect(view.exercises).toEqual([])
  else {
    // The current max is the newest; the entries before it stay, newest first.
    expect(squat).toEqual({
      exerciseId: "back-squat",
      name: "Back Squat",
      current: { load: "315 lbs", setOn: "set Nov 2, 2026" },
      history: [
        { load: "300 lbs", setOn: "set Sep 1, 2026" },
        { load: "285 lbs", setOn: "set Jun 10, 2026" }
      ]
    })
    expect(view.exercises.find((exercise) => exercise.name === "Bench Press")?.current.load).toBe("102.5 kg")
  }
  // The working e1RM from logged sets, in the coach's unit; unknown (never guessed) when they could not be read.
  if (snapshot.context.logged === null) expect(view.workingE1rms).toBeNull()
  else
    expect(view.workingE1rms).toEqual([
      { exerciseId: "back-squat", name: "Back Squat", load: "145.5 kg" },
      { exerciseId: "bench-press", name: "Bench Press", load: "110 kg" }
    ])
  // A saved entry shows at once, and the form starts over.
  const deadliftRow = view.exercises.find((exercise) => exercise.name === "Deadlift")
  expect(deadliftRow?.current).toEqual(saved ? { load: "405 lbs", setOn: "set Nov 20, 2026" } : undefined)
  // A fresh form starts in the coach's unit: kilograms for this coach, pounds when it could not be read.
  const coachUnit = snapshot.context.clientName === null ? "lb" : "kg"
  if (
    leaf === "showing.editing" &&
    (saved || (snapshot.context.formVersion === 0 && stubs.calls.every((call) => call.name !== "addMax")))
  )
    expect(view.form.draft).toEqual(freshDraft(maxesInput.today, coachUnit))
}

describe("a running client maxes page, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningMaxes()
    const { actor } = running
    const [initial] = initialTransition(clientMaxesMachine, maxesInput)
    await replayPath<ClientMaxesSnapshot, ModelEvent>(initial, edge.path, actor, running.answers, (expected) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      expectWhatACoachSees(actual, running)
    })
    actor.stop()
  })
})

describe("history is kept", () => {
  test("a max set before the current one joins the history and leaves the current max as it was", async () => {
    const running = runningMaxes()
    await settleMicrotasks()
    running.answers.loadMaxes.done(withName)
    await settleMicrotasks()
    running.actor.send({ type: "max.add", exercise_id: "back-squat", value: "295", unit: "lb", set_on: "2026-08-01" })
    await settleMicrotasks()
    running.answers.addMax.done({
      exercise_id: "back-squat",
      value: 295,
      unit: "lb",
      set_on: "2026-08-01",
      recorded_at: "2026-11-20T19:00:00.000Z"
    })
    await settleMicrotasks()
    const squat = selectClientMaxes(running.actor.getSnapshot()).exercises.find((e) => e.exerciseId === "back-squat")
    expect(squat?.current.load).toBe("315 lbs")
    expect(squat?.history.map((entry) => entry.load)).toEqual(["300 lbs", "295 lbs", "285 lbs"])
  })

  test("a save that failed is sent again as it was on retry", async () => {
    const running = runningMaxes()
    await settleMicrotasks()
    running.answers.loadMaxes.done(withName)
    await settleMicrotasks()
    running.actor.send({ type: "max.add", ...deadlift, value: " 182,5 ", unit: "kg" })
    await settleMicrotasks()
    running.answers.addMax.error(serverDown)
    await settleMicrotasks()
    expect(selectClientMaxes(running.actor.getSnapshot()).form.saveError).toBe(
      "The max was not saved. We couldn't reach the server. Check your connection and try again."
    )
    running.actor.send({ type: "max.save.retry" })
    await settleMicrotasks()
    expect(running.stubs.argsOf("addMax")).toEqual([
      { clientId: maxesInput.clientId, exercise_id: "deadlift", value: 182.5, unit: "kg", set_on: maxesInput.today }
    ])
  })
})

describe("the form's check names the field", () => {
  const check = (draft: Partial<MaxDraft>) => {
    const result = checkDraft(maxesInput.clientId, maxesInput.today, { ...deadlift, ...draft })
    return result.ok ? "ok" : `${result.problem.field}: ${result.problem.message}`
  }

  test.each([
    [{ exercise_id: "" }, "exercise_id: Choose an exercise"],
    [{ exercise_id: "squat-ish" }, "exercise_id: Choose an exercise from the list"],
    [{ exercise_id: "Back Squat" }, "exercise_id: Exercise must be a library id like back-squat"],
    [{ value: "" }, "value: Enter the max"],
    [{ value: "abc" }, "value: Value must be a number, like 315 or 142.5"],
    [{ value: "1e3" }, "value: Value must be a number, like 315 or 142.5"],
    [{ value: "0" }, "value: Value must be more than 0"],
    [{ value: "2500" }, "value: Value must be at most 2000"],
    [{ set_on: "" }, "set_on: Enter the date it was set"],
    [{ set_on: "2026-02-30" }, "set_on: Date set must be a real calendar day in YYYY-MM-DD format"],
    [{ set_on: "2026-11-21" as IsoDate }, "set_on: Date set can't be in the future"],
    [{ value: "142.5" }, "ok"],
    [{ value: ".5" }, "ok"]
  ] as const)("%j -> %s", (draft, expected) => {
    expect(check(draft)).toBe(expected)
  })
})

describe("the working e1RM counts work where it was done (docs/decisions/042)", () => {
  test("a workout dated next week, done today, is today's lift: it has a working e1RM", () => {
    expect(workingE1rms(doneAheadLogged, maxesInput.today, "lb")).toEqual([
      { exerciseId: "barbell-row", name: "Barbell Row", load: "186.7 lbs" }
    ])
  })

  test("a set done after today counts for nothing yet, whatever its workout's date", () => {
    const later = doneAheadLogged.map((row) => ({ ...row, date: maxesInput.today, done_on: "2026-11-21" as IsoDate }))
    expect(workingE1rms(later, maxesInput.today, "lb")).toEqual([])
  })
})
