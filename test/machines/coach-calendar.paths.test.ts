/**
 * The coach calendar walked by its model: every state and transition, replayed on a
 * running actor (its real implementations, a gateway the test answers). A coach must see
 * 28 days from the Sunday of the shown week, moved by exactly 7 days per arrow and back
 * to today's week by Today, each day with the workouts, mark and volume the server's
 * answers make; each read asks for exactly those 28 days of the picked client; the place
 * shown (client and week) is the one remembered for the address; and a client who is not
 * on the coach's list is said to be not found, never swapped for another. A workout moved to
 * another day is on it only once the server answered where it put it: while the call is out it
 * stays where it was, a failure says why, and no move loses or doubles a workout.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { ClientNotFound } from "#domain/workout-errors.ts"
import { addDays, dayOfWeek, startOfWeek, type IsoDate } from "#domain/calendar.ts"
import type { WorkoutCompletion } from "#domain/completion.ts"
import { UserId } from "#domain/ids.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import type { LoggedRow, WorkoutRow } from "#domain/workout.ts"
import { coachCalendarImplementations } from "#machines/coach-calendar/coach-calendar.actors.ts"
import {
  calendarClients,
  calendarInput,
  onlyInvitations,
  someDays
} from "#machines/coach-calendar/coach-calendar.fixtures.ts"
import { coachCalendarMachine } from "#machines/coach-calendar/coach-calendar.machine.ts"
import {
  CLIENT_NOT_FOUND,
  NO_CLIENTS_YET,
  selectCalendar,
  type CoachCalendarSnapshot
} from "#machines/coach-calendar/coach-calendar.selectors.ts"
import type {
  CalendarPlace,
  CoachCalendarEvent,
  CoachCalendarInput,
  CoachClients,
  DaySummaries,
  DaysAnswer
} from "#machines/coach-calendar/coach-calendar.types.ts"
import type { MovedWorkout } from "#domain/workout-move.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
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

type ModelEvent = CoachCalendarEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const ann = UserId.make(8)
const bo = UserId.make(7)
// The address asks for Bo; one answer has Bo on the list, the other (Bo removed) does not.
const withoutBo = { "8": { name: "Ann Lifter", pending: false } }
const input: CoachCalendarInput = { ...calendarInput, clientId: bo }

const monday = "2026-03-02" as IsoDate
const friday = "2026-03-06" as IsoDate
const nextMonday = "2026-03-09" as IsoDate

/** What the server answers a move: the workout on its new day, after the day's others. */
const answerTo = (snapshot: CoachCalendarSnapshot): MovedWorkout | null => {
  const { move, days, clientId } = snapshot.context
  if (move === null || clientId === null) return null
  const orders = (days[move.target]?.workouts ?? []).map((workout) => workout.workoutOrder)
  return { clientId, from: move.from, date: move.target, workoutOrder: Math.max(-1, ...orders) + 1 }
}

const eventsFor = (snapshot: CoachCalendarSnapshot): ReadonlyArray<ModelEvent> => {
  const answer = answerTo(snapshot)
  const from = snapshot.context.move?.from.date
  return [
    { type: "client.pick", clientId: bo },
    { type: "client.pick", clientId: ann },
    { type: "client.pick", clientId: UserId.make(99) },
    { type: "week.next" },
    { type: "week.previous" },
    { type: "week.today" },
    { type: "clients.retry" },
    { type: "days.retry" },
    // Monday's second workout, the same once on Friday, and a day showing none.
    { type: "move.pick", date: monday, workoutOrder: 1 },
    { type: "move.pick", date: friday, workoutOrder: 0 },
    { type: "move.pick", date: "2026-03-05" as IsoDate, workoutOrder: 0 },
    { type: "move.target", date: friday },
    { type: "move.target", date: nextMonday },
    { type: "move.target", date: "2026-04-30" as IsoDate },
    ...(from === undefined ? [] : [{ type: "move.target", date: from } as const]),
    { type: "move.drop" },
    { type: "move.cancel" },
    { type: "move.retry" },
    done("loadClients", { clients: calendarClients, unit: "kg" } satisfies CoachClients),
    done("loadClients", { clients: withoutBo, unit: "lb" } satisfies CoachClients),
    done("loadClients", { clients: onlyInvitations, unit: "lb" } satisfies CoachClients),
    failure("loadClients", serverDown),
    done("loadDays", { _tag: "days", days: someDays } satisfies DaysAnswer),
    done("loadDays", { _tag: "clientNotFound" } satisfies DaysAnswer),
    failure("loadDays", serverDown),
    ...(answer === null ? [] : [done("moveWorkout", answer)]),
    // A workout the grid no longer shows (the days changed meanwhile).
    done("moveWorkout", {
      clientId: ann,
      from: { date: "2026-03-05" as IsoDate, workoutOrder: 0 },
      date: "2026-03-07" as IsoDate,
      workoutOrder: 0
    } satisfies MovedWorkout),
    failure("moveWorkout", serverDown)
  ]
}

// Weeks are bounded to a small window around today so the walk stays finite.
const serialize = (snapshot: CoachCalendarSnapshot) => {
  const { selectedDay, today, clientId, clients, days, move, moved, moveFailure } = snapshot.context
  const weeks = Math.round((Date.parse(selectedDay) - Date.parse(today)) / (7 * 86_400_000))
  return JSON.stringify({
    state: leafOf(snapshot),
    weeks: Math.max(-1, Math.min(1, weeks)),
    clientId,
    clients: Object.keys(clients),
    // Where each workout is: what the move guards read.
    days: Object.entries(days).map(([date, day]) => [date, day.workouts.map((workout) => workout.workoutOrder)]),
    move,
    moved,
    failed: moveFailure !== null
  })
}

const walk = modelOf<CoachCalendarSnapshot, ModelEvent>(coachCalendarMachine, { input, events: eventsFor, serialize })

describe("the coach calendar machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** Rows, results and submissions the server would answer for `days`: they summarize back to `days`. */
function answersFor(days: DaySummaries) {
  const prescribed: Array<WorkoutRow> = []
  const logged: Array<LoggedRow> = []
  const completions: Array<WorkoutCompletion> = []
  for (const [date, day] of Object.entries(days)) {
    for (const workout of day.workouts) {
      const workout_order = workout.workoutOrder
      const first = prescribed.length + 1
      workout.exercises.forEach((exercise, exercise_order) =>
        prescribed.push(
          workoutRowFixture({
            id: prescribed.length + 1,
            date,
            workout_order,
            exercise_order,
            exercise,
            reps: 5,
            ...(workout.title === null ? {} : { workout_title: workout.title })
          })
        )
      )
      if (workout.submitted)
        completions.push({
          date: date as IsoDate,
          workout_order,
          started_at: "2026-03-02T17:00:00.000Z",
          ended_at: "2026-03-02T18:00:00.000Z",
          duration_seconds: 3600
        })
      const firstRow = prescribed.find((row) => row.id === first)
      // Five reps at a fifth of the volume, in each unit the workout has some in.
      for (const unit of ["lb", "kg"] as const) {
        const volume = workout.volume?.[unit] ?? 0
        if (volume > 0) logged.push(loggedRowFixture(firstRow, { weight: volume / 5, weight_unit: unit, reps: 5 }))
      }
      if (workout.logged && workout.volume === null) logged.push(loggedRowFixture(firstRow, { skipped: true }))
    }
  }
  return { prescribed, logged, completions }
}

/** A calendar with its real implementations; the gateway waits for the test, the address is recorded. */
function runningCalendar(start: CoachCalendarInput = input) {
  const stubs = deferredGateway([
    "getAllClients",
    "preferences",
    "workouts",
    "workoutResults",
    "workoutCompletions",
    "moveWorkout"
  ])
  const remembered: Array<CalendarPlace> = []
  const machine = coachCalendarMachine.provide(
    coachCalendarImplementations({ gateway: stubs.gateway, rememberPlace: (place) => remembered.push(place) })
  )
  const actor = createActor(machine, { input: start }).start()
  const dayCalls = ["workouts", "workoutResults", "workoutCompletions"] as const
  const loadClients: ActorAnswer = {
    done: (output) => {
      const { clients, unit } = output as CoachClients
      stubs.settle("getAllClients", clients)
      stubs.settle("preferences", { unit, bar: null, smallest_plate: null })
    },
    // Only the client list failing fails the load; an unread unit is pounds.
    error: (error) => {
      stubs.fail("getAllClients", error)
      stubs.fail("preferences", error)
    }
  }
  const loadDays: ActorAnswer = {
    done: (output) => {
      const answer = output as DaysAnswer
      if (answer._tag === "clientNotFound") {
        for (const call of dayCalls) stubs.fail(call, new ClientNotFound({ error: "not on your list" }))
        return
      }
      const { prescribed, logged, completions } = answersFor(answer.days)
      stubs.settle("workouts", prescribed)
      stubs.settle("workoutResults", logged)
      stubs.settle("workoutCompletions", completions)
    },
    // Any call failing fails the load; the others' answers no longer matter.
    error: (error) => {
      for (const call of dayCalls) stubs.fail(call, error)
    }
  }
  return { stubs, remembered, actor, answers: { loadClients, loadDays, moveWorkout: oneCall(stubs, "moveWorkout") } }
}
type RunningCalendar = ReturnType<typeof runningCalendar>

function expectWhatACoachSees(
  snapshot: CoachCalendarSnapshot,
  running: RunningCalendar,
  weeksMoved: number,
  event: ModelEvent | undefined
) {
  const { stubs, remembered } = running
  const leaf = leafOf(snapshot)
  const view = selectCalendar(snapshot)
  const loadingClients = leaf === "loadingClients"
  expect([stubs.isWaitingFor("getAllClients"), stubs.isWaitingFor("preferences")]).toEqual([
    loadingClients,
    loadingClients
  ])
  if (loadingClients) expect(stubs.argsOf("getAllClients")).toEqual([calendarInput.coachId])
  const loadingDays = leaf === "calendar.loading"
  expect([
    stubs.isWaitingFor("workouts"),
    stubs.isWaitingFor("workoutResults"),
    stubs.isWaitingFor("workoutCompletions")
  ]).toEqual([loadingDays, loadingDays, loadingDays])
  expect(view.message === NO_CLIENTS_YET).toBe(leaf === "noClients")
  // Not found is said as such, with the coach's own clients to choose from, and no client is shown.
  expect(view.message === CLIENT_NOT_FOUND).toBe(leaf === "clientNotFound")
  if (leaf === "clientNotFound") {
    expect(view.clientId).toBeNull()
    expect(view.clients.length).toBeGreaterThan(0)
  }
  if (!leaf.startsWith("calendar")) {
    expect(view.days).toEqual([])
    return
  }
  // The place shown is the one the address keeps, and the client is one of the coach's clients.
  const shownDay = addDays(calendarInput.today, 7 * weeksMoved)
  expect(remembered.at(-1)).toEqual({ clientId: view.clientId, week: startOfWeek(shownDay) })
  expect(view.clients.map((client) => client.id)).toContain(view.clientId)
  // The shown day moved 7 days per arrow, and the grid starts on that week's Sunday.
  expect(snapshot.context.selectedDay).toBe(shownDay)
  expect(view.days).toHaveLength(28)
  expect(dayOfWeek(view.days[0]?.iso as IsoDate)).toBe(0)
  expect(view.days.map((day) => day.iso)).toContain(shownDay)
  expect(view.weekdays).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
  if (leaf === "calendar.loading") {
    const range = { from: view.days[0]?.iso, to: view.days[27]?.iso }
    for (const call of ["workouts", "workoutResults", "workoutCompletions"] as const)
      expect(stubs.argsOf(call)).toEqual([snapshot.context.clientId, range])
    // Another week's or client's days never show while these are read. The same days stay
    // shown only while they are read again after a move (its outcome unknown or not on the grid).
    const readingAgain = event?.type === "move.cancel" || event?.type === "xstate.done.actor.moveWorkout"
    if (readingAgain)
      expect(Object.keys(snapshot.context.days).every((iso) => view.days.some((day) => day.iso === iso))).toBe(true)
    else expect(view.days.some((day) => day.mark !== null || day.volume !== null)).toBe(false)
  }
  if (leaf.startsWith("calendar.showing")) {
    const shown = (iso: string) => view.days.find((day) => day.iso === iso)
    // A past day the lifter logged something on, without submitting, is neither completed nor missed.
    const sun = shown("2026-03-01")
    if (sun !== undefined) expect([sun.workouts, sun.mark, sun.volume]).toEqual([["Deadlift"], "scheduled", null])
    const mon = shown(monday)
    const tue = shown("2026-03-03")
    const wed = shown("2026-03-04")
    if (mon !== undefined) {
      // Its second workout may have been moved away; the first stays, with what was lifted.
      expect([
        ["Workout 1: Back Squat, Bench Press", "Workout 2: Deadlift"],
        ["Back Squat, Bench Press"]
      ]).toContainEqual(mon.workouts)
      expect(mon.mark).toBe("completed")
      expect(mon.volume).toBe(snapshot.context.unit === "lb" ? "4,350 lb" : "1,973 kg")
    }
    if (tue !== undefined) expect([tue.workouts, tue.mark, tue.volume]).toEqual([["Overhead Press +2"], "missed", null])
    // Today's workout, half logged, is neither completed nor missed.
    if (wed !== undefined)
      expect([wed.mark, wed.volume]).toEqual(["scheduled", snapshot.context.unit === "lb" ? "1,102 lb" : "500 kg"])
    // Moves lose and double nothing: the grid holds the workouts the server read, wherever they are now.
    const exercisesOf = (lists: ReadonlyArray<ReadonlyArray<string>>) => lists.map((list) => list.join(", ")).sort()
    const read = view.days.flatMap((day) => someDays[day.iso]?.workouts.map((workout) => workout.exercises) ?? [])
    expect(exercisesOf(view.days.flatMap((day) => day.chips.map((chip) => chip.exercises)))).toEqual(exercisesOf(read))
    expectTheMove(snapshot, running)
  }
  expect(view.daysError !== null).toBe(leaf === "calendar.failed")
}

/** What a coach sees of a move: asked as picked, never claimed before the answer, then where the server put it. */
function expectTheMove(snapshot: CoachCalendarSnapshot, { stubs }: RunningCalendar) {
  const leaf = leafOf(snapshot)
  const { move, moved, clientId } = snapshot.context
  const view = selectCalendar(snapshot)
  const chipAt = (date: string, workoutOrder: number) =>
    view.days.find((day) => day.iso === date)?.chips.find((chip) => chip.workoutOrder === workoutOrder)
  expect(stubs.isWaitingFor("moveWorkout")).toBe(leaf === "calendar.showing.moving")
  expect(view.move.status).toBe(
    {
      "calendar.showing.idle": "idle",
      "calendar.showing.choosing": "choosing",
      "calendar.showing.moving": "moving",
      "calendar.showing.moved": "moved",
      "calendar.showing.moveFailed": "failed"
    }[leaf]
  )
  if (leaf === "calendar.showing.choosing" || leaf === "calendar.showing.moving") {
    if (move === null) throw new Error(`${leaf} with nothing picked up`)
    // Until the server answers, the workout is where it was, marked as picked up.
    expect(chipAt(move.from.date, move.from.workoutOrder)?.isPicked).toBe(true)
    expect(view.move.announcement).toMatch(/^Moving /)
    expect(view.move.announcement).not.toMatch(/moved/)
  }
  if (leaf === "calendar.showing.choosing" && move !== null) {
    expect(view.move.canDrop).toBe(move.target !== move.from.date)
    if (move.target !== move.from.date)
      expect(view.move.announcement).toMatch(/selected; press Enter to move, Escape to cancel$/)
  }
  if (leaf === "calendar.showing.moving" && move !== null)
    expect(stubs.argsOf("moveWorkout")).toEqual([
      { clientId, date: move.from.date, workoutOrder: move.from.workoutOrder, toDate: move.target }
    ])
  if (leaf === "calendar.showing.moved") {
    if (moved === null) throw new Error("moved with no answer")
    // On the day and under the order the server answered, and nowhere else; focus goes to it.
    expect(chipAt(moved.date, moved.workoutOrder)).toBeDefined()
    expect(view.move.movedKey).toBe(`${moved.date}/${moved.workoutOrder}`)
    expect(view.move.announcement).toMatch(/^Workout \d moved to \w+day \w{3} \d+$/)
  }
  expect(view.move.failure).toBe(
    leaf === "calendar.showing.moveFailed" ? `The workout was not moved. ${NETWORK_DOWN}` : null
  )
  if (leaf === "calendar.showing.idle") expect(view.move.announcement).toBe("")
}

describe("a running coach calendar, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningCalendar()
    const { actor } = running
    const [initial] = initialTransition(coachCalendarMachine, input)
    let weeksMoved = 0
    await replayPath<CoachCalendarSnapshot, ModelEvent>(
      initial,
      edge.path,
      actor,
      running.answers,
      (expected, event) => {
        if (event?.type === "week.next") weeksMoved += 1
        if (event?.type === "week.previous") weeksMoved -= 1
        if (event?.type === "week.today") weeksMoved = 0
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        expectWhatACoachSees(actual, running, weeksMoved, event)
      }
    )
    actor.stop()
  })
})

describe("which client and week the calendar shows", () => {
  const shownAfterLoading = async (start: CoachCalendarInput) => {
    const { stubs, actor, remembered } = runningCalendar(start)
    await settleMicrotasks()
    stubs.settle("getAllClients", calendarClients)
    stubs.fail("preferences", serverDown)
    await settleMicrotasks()
    const snapshot = actor.getSnapshot()
    actor.stop()
    return {
      state: leafOf(snapshot),
      shown: selectCalendar(snapshot).clientId,
      remembered,
      unit: snapshot.context.unit
    }
  }
  const week = startOfWeek(calendarInput.today)

  test("the first client by name when none was chosen, and the address is told", async () => {
    expect(await shownAfterLoading({ ...calendarInput, clientId: null })).toEqual({
      state: "calendar.loading",
      shown: ann,
      remembered: [{ clientId: ann, week }],
      unit: "lb"
    })
  })

  test("the client the coach came back from", async () => {
    expect((await shownAfterLoading(input)).remembered).toEqual([{ clientId: bo, week }])
  })

  test("a client not on the list is not found: no other client is shown, the address is left as asked", async () => {
    expect(await shownAfterLoading({ ...calendarInput, clientId: UserId.make(99) })).toEqual({
      state: "clientNotFound",
      shown: null,
      remembered: [],
      unit: "lb"
    })
  })

  test("the week from the address: the grid starts on it and the heading shows today's weekday in it", async () => {
    const later = "2026-04-05" as IsoDate
    const { actor, stubs } = runningCalendar({ ...input, week: later })
    await settleMicrotasks()
    stubs.settle("getAllClients", calendarClients)
    stubs.settle("preferences", { unit: "lb", bar: null, smallest_plate: null })
    await settleMicrotasks()
    expect(stubs.argsOf("workouts")).toEqual([bo, { from: later, to: addDays(later, 27) }])
    expect(selectCalendar(actor.getSnapshot()).heading).toBe("Wednesday, April 8, 2026")
    actor.stop()
  })

  test("a client picked from the list is shown and remembered; one not on it is ignored", async () => {
    const { stubs, actor, remembered } = runningCalendar({ ...calendarInput, clientId: null })
    await settleMicrotasks()
    stubs.settle("getAllClients", calendarClients)
    stubs.settle("preferences", { unit: "lb", bar: null, smallest_plate: null })
    await settleMicrotasks()
    actor.send({ type: "client.pick", clientId: bo })
    actor.send({ type: "client.pick", clientId: UserId.make(99) })
    expect(selectCalendar(actor.getSnapshot()).clientId).toBe(bo)
    expect(remembered.map((place) => place.clientId)).toEqual([ann, bo])
    actor.stop()
  })
})
