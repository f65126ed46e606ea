import { assign, fromPromise, setup } from "xstate"
import { addDays, nextWeek, previousWeek, startOfWeek, type IsoDate } from "#domain/calendar.ts"
import { MAX_READ_DAYS } from "#domain/workout.ts"
import type { Schedule, ScheduleContext, ScheduleEvent, ScheduleInput, ScheduleRange } from "./client-schedule.types.ts"

/** The days and reads each screen shows, never more than one read's span (MAX_READ_DAYS). */
export const rangeOf = ({ scope, today, selected }: ScheduleContext): ScheduleRange => {
  if (scope === "week") {
    const from = startOfWeek(selected)
    return { from, to: addDays(from, 6), workouts: true, results: true, completions: true }
  }
  // The dashboard's next workout: the earliest one not done from today on, within a year.
  return { from: today, to: addDays(today, MAX_READ_DAYS - 1), workouts: true, results: false, completions: true }
}

/** `clientScheduleImplementations` provides the gateway's calls. */
const loadSchedule = fromPromise<Schedule, ScheduleRange>(() =>
  Promise.reject(new Error("loadSchedule was not provided"))
)

export const clientScheduleMachine = setup({
  types: { context: {} as ScheduleContext, events: {} as ScheduleEvent, input: {} as ScheduleInput },
  actors: { loadSchedule },
  guards: {
    isInShownWeek: ({ context }, { date }: { date: IsoDate }) => startOfWeek(date) === startOfWeek(context.selected),
    isDoneUnknown: ({ context }) => context.completions === null
  },
  actions: {
    takeSchedule: assign((_, { workouts, results, completions }: Schedule) => ({ workouts, results, completions })),
    selectDay: assign((_, { date }: { date: IsoDate }) => ({ selected: date })),
    stepForward: assign(({ context }) => ({ selected: nextWeek(context.selected) })),
    stepBack: assign(({ context }) => ({ selected: previousWeek(context.selected) })),
    selectToday: assign(({ context }) => ({ selected: context.today }))
  }
}).createMachine({
  id: "clientSchedule",
  context: ({ input }) => ({
    ...input,
    selected: input.selected ?? input.today,
    workouts: [],
    results: [],
    completions: null
  }),
  initial: "loading",
  // SPEC section 4: arrows move the selected day by 7 days; Today resets it.
  on: {
    "week.next": { target: ".loading", actions: "stepForward" },
    "week.previous": { target: ".loading", actions: "stepBack" },
    "week.today": { target: ".loading", actions: "selectToday" },
    "day.select": [
      {
        guard: { type: "isInShownWeek", params: ({ event }) => ({ date: event.date }) },
        actions: { type: "selectDay", params: ({ event }) => ({ date: event.date }) }
      },
      { target: ".loading", actions: { type: "selectDay", params: ({ event }) => ({ date: event.date }) } }
    ]
  },
  states: {
    loading: {
      invoke: {
        id: "loadSchedule",
        src: "loadSchedule",
        input: ({ context }) => rangeOf(context),
        onDone: { target: "ready", actions: { type: "takeSchedule", params: ({ event }) => event.output } },
        onError: "failed"
      }
    },
    ready: {
      // The schedule is shown; only which workouts are done could not be read: read again.
      on: { "schedule.retry": { guard: "isDoneUnknown", target: "loading" } }
    },
    failed: {
      on: { "schedule.retry": "loading" }
    }
  }
})

export type ClientScheduleMachine = typeof clientScheduleMachine
