/**
 * The coach calendar walked by its model: every state and transition, replayed on a
 * running actor (its real implementations, a gateway the test answers). A coach must see
 * 28 days from the Sunday of the shown week, moved by exactly 7 days per arrow and back
 * to today's week by Today, with the marks the server answered; each fetch asks for
 * exactly those 28 days of the picked client; and the client shown is the one
 * remembered for the address.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { addDays, dayOfWeek, type IsoDate } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { coachCalendarImplementations } from "#machines/coach-calendar/coach-calendar.actors.ts"
import {
  calendarClients,
  calendarInput,
  onlyInvitations,
  someMarks
} from "#machines/coach-calendar/coach-calendar.fixtures.ts"
import { coachCalendarMachine } from "#machines/coach-calendar/coach-calendar.machine.ts"
import { NO_CLIENTS_YET, selectCalendar, type CoachCalendarSnapshot } from "#machines/coach-calendar/coach-calendar.selectors.ts"
import type { CoachCalendarEvent, CoachCalendarInput, DayMarks } from "#machines/coach-calendar/coach-calendar.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks, type ActorAnswer } from "./coach-stub-actors.ts"

type ModelEvent = CoachCalendarEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const ann = UserId.make(8)
const bo = UserId.make(7)

const eventsFor = (): ReadonlyArray<ModelEvent> => [
  { type: "client.pick", clientId: bo },
  { type: "client.pick", clientId: UserId.make(99) },
  { type: "week.next" },
  { type: "week.previous" },
  { type: "week.today" },
  { type: "clients.retry" },
  { type: "days.retry" },
  done("loadClients", calendarClients),
  done("loadClients", onlyInvitations),
  failure("loadClients", serverDown),
  done("loadMarks", someMarks),
  failure("loadMarks", serverDown)
]

// Weeks are bounded to a small window around today so the walk stays finite.
const serialize = (snapshot: CoachCalendarSnapshot) => {
  const { selectedDay, today, clientId } = snapshot.context
  const weeks = Math.round((Date.parse(selectedDay) - Date.parse(today)) / (7 * 86_400_000))
  return JSON.stringify({ state: leafOf(snapshot), weeks: Math.max(-1, Math.min(1, weeks)), clientId })
}

const walk = modelOf<CoachCalendarSnapshot, ModelEvent>(coachCalendarMachine, {
  input: calendarInput,
  events: eventsFor,
  serialize
})

describe("the coach calendar machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** One row on each of `dates`, as the server would list a day's sets. */
const rowsOn = (dates: ReadonlyArray<string>) =>
  dates.map((date, i) => workoutRowFixture({ id: i + 1, date, exercise: "Back Squat" }))

/** A calendar with its real implementations; the gateway waits for the test, the address is recorded. */
function runningCalendar(input: CoachCalendarInput = calendarInput) {
  const stubs = deferredGateway(["getAllClients", "workouts", "workoutResults"])
  const remembered: Array<UserId> = []
  const machine = coachCalendarMachine.provide(
    coachCalendarImplementations({ gateway: stubs.gateway, rememberClient: (clientId) => remembered.push(clientId) })
  )
  const actor = createActor(machine, { input }).start()
  const loadMarks: ActorAnswer = {
    done: (output) => {
      const marks = output as DayMarks
      stubs.settle("workouts", rowsOn(marks.workoutDates))
      stubs.settle("workoutResults", rowsOn(marks.resultDates))
    },
    // Either call failing fails the load; the other's answer no longer matters.
    error: (error) => {
      stubs.fail("workouts", error)
      stubs.fail("workoutResults", error)
    }
  }
  return { stubs, remembered, actor, answers: { loadClients: oneCall(stubs, "getAllClients"), loadMarks } }
}
type RunningCalendar = ReturnType<typeof runningCalendar>

function expectWhatACoachSees(snapshot: CoachCalendarSnapshot, { stubs, remembered }: RunningCalendar, weeksMoved: number) {
  const leaf = leafOf(snapshot)
  const view = selectCalendar(snapshot)
  expect(stubs.isWaitingFor("getAllClients")).toBe(leaf === "loadingClients")
  if (leaf === "loadingClients") expect(stubs.argsOf("getAllClients")).toEqual([calendarInput.coachId])
  const loadingDays = leaf === "calendar.loading"
  expect([stubs.isWaitingFor("workouts"), stubs.isWaitingFor("workoutResults")]).toEqual([loadingDays, loadingDays])
  expect(view.message === NO_CLIENTS_YET).toBe(leaf === "noClients")
  if (!leaf.startsWith("calendar")) {
    expect(view.days).toEqual([])
    expect(remembered).toEqual([])
    return
  }
  // The client shown is the one the address keeps, and it is one of the coach's clients.
  expect(remembered.at(-1)).toBe(view.clientId)
  expect(view.clients.map((client) => client.id)).toContain(view.clientId)
  // The shown day moved 7 days per arrow, and the grid starts on that week's Sunday.
  const shownDay = addDays(calendarInput.today, 7 * weeksMoved)
  expect(snapshot.context.selectedDay).toBe(shownDay)
  expect(view.days).toHaveLength(28)
  expect(dayOfWeek(view.days[0]?.iso as IsoDate)).toBe(0)
  expect(view.days.map((day) => day.iso)).toContain(shownDay)
  expect(view.weekdays).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
  expect(view.clients.map((client) => client.name)).toEqual(["Ann Lifter", "Bo Client"])
  if (leaf === "calendar.loading") {
    const range = { from: view.days[0]?.iso, to: view.days[27]?.iso }
    expect(stubs.argsOf("workouts")).toEqual([snapshot.context.clientId, range])
    expect(stubs.argsOf("workoutResults")).toEqual([snapshot.context.clientId, range])
    expect(view.days.some((day) => day.hasWorkout || day.hasResults)).toBe(false)
  }
  if (leaf === "calendar.showing") {
    const marked = (flag: "hasWorkout" | "hasResults") => view.days.filter((day) => day[flag]).map((day) => day.iso)
    expect(marked("hasWorkout")).toEqual(someMarks.workoutDates.filter((iso) => view.days.some((day) => day.iso === iso)))
    expect(marked("hasResults")).toEqual(someMarks.resultDates.filter((iso) => view.days.some((day) => day.iso === iso)))
  }
  expect(view.daysError !== null).toBe(leaf === "calendar.failed")
}

describe("a running coach calendar, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningCalendar()
    const { actor } = running
    const [initial] = initialTransition(coachCalendarMachine, calendarInput)
    let weeksMoved = 0
    await replayPath<CoachCalendarSnapshot, ModelEvent>(initial, edge.path, actor, running.answers, (expected, event) => {
      if (event?.type === "week.next") weeksMoved += 1
      if (event?.type === "week.previous") weeksMoved -= 1
      if (event?.type === "week.today") weeksMoved = 0
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      expectWhatACoachSees(actual, running, weeksMoved)
    })
    actor.stop()
  })
})

describe("which client the calendar shows", () => {
  const shownAfterLoading = async (clientId: UserId | null) => {
    const { stubs, actor, remembered } = runningCalendar({ ...calendarInput, clientId })
    await settleMicrotasks()
    stubs.settle("getAllClients", calendarClients)
    await settleMicrotasks()
    const shown = selectCalendar(actor.getSnapshot()).clientId
    actor.stop()
    return { shown, remembered }
  }

  test("the first client by name when none was chosen, and the address is told", async () => {
    expect(await shownAfterLoading(null)).toEqual({ shown: ann, remembered: [ann] })
  })

  test("the client the coach came back from", async () => {
    expect(await shownAfterLoading(bo)).toEqual({ shown: bo, remembered: [bo] })
  })

  test("the first client by name when the remembered one is no longer on the list", async () => {
    expect(await shownAfterLoading(UserId.make(99))).toEqual({ shown: ann, remembered: [ann] })
  })

  test("a client picked from the list is shown and remembered; one not on it is ignored", async () => {
    const { stubs, actor, remembered } = runningCalendar()
    await settleMicrotasks()
    stubs.settle("getAllClients", calendarClients)
    await settleMicrotasks()
    actor.send({ type: "client.pick", clientId: bo })
    actor.send({ type: "client.pick", clientId: UserId.make(99) })
    expect(selectCalendar(actor.getSnapshot()).clientId).toBe(bo)
    expect(remembered).toEqual([ann, bo])
    actor.stop()
  })
})
