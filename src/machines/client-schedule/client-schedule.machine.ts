import { assign, fromPromise, setup } from "xstate"
import { addDays, nextWeek, previousWeek, startOfWeek, type IsoDate } from "#domain/calendar.ts"
import type { WorkoutRow } from "#domain/workout.ts"

/**
 * The client's schedule as one screen needs it: prescribed rows and logged results for
 * a range of days. The calendar moves its selected day (and so its week); the dashboard,
 * a workout day and the progress chart only load.
 */
export type ScheduleScope = "week" | "upcoming" | "day" | "all"

export interface ScheduleRange {
  readonly from?: IsoDate
  readonly to?: IsoDate
}

export interface Schedule {
  readonly workouts: ReadonlyArray<WorkoutRow>
  readonly results: ReadonlyArray<WorkoutRow>
}

export interface ScheduleInput {
  readonly scope: ScheduleScope
  readonly today: IsoDate
  readonly selected?: IsoDate
}

export interface ScheduleContext extends Schedule {
  readonly scope: ScheduleScope
  readonly today: IsoDate
  readonly selected: IsoDate
}

export type ScheduleEvent =
  | { readonly type: "week.next" }
  | { readonly type: "week.previous" }
  | { readonly type: "week.today" }
  | { readonly type: "day.select"; readonly date: IsoDate }
  | { readonly type: "schedule.retry" }

export const rangeOf = ({ scope, today, selected }: ScheduleContext): ScheduleRange => {
  if (scope === "week") return { from: startOfWeek(selected), to: addDays(startOfWeek(selected), 6) }
  if (scope === "day") return { from: selected, to: selected }
  if (scope === "upcoming") return { from: today }
  return {}
}

/** Replaced by the route with gateway calls (machine.provide). */
export const loadSchedule = fromPromise<Schedule, ScheduleRange>(() =>
  Promise.reject(new Error("loadSchedule is not connected"))
)

export const clientScheduleMachine = setup({
  types: { context: {} as ScheduleContext, events: {} as ScheduleEvent, input: {} as ScheduleInput },
  actors: { loadSchedule },
  guards: {
    isInShownWeek: ({ context }, { date }: { date: IsoDate }) => startOfWeek(date) === startOfWeek(context.selected)
  },
  actions: {
    takeSchedule: assign((_, schedule: Schedule) => ({ workouts: schedule.workouts, results: schedule.results })),
    selectDay: assign((_, { date }: { date: IsoDate }) => ({ selected: date })),
    stepForward: assign(({ context }) => ({ selected: nextWeek(context.selected) })),
    stepBack: assign(({ context }) => ({ selected: previousWeek(context.selected) })),
    selectToday: assign(({ context }) => ({ selected: context.today }))
  }
}).createMachine({
  id: "clientSchedule",
  context: ({ input }) => ({ ...input, selected: input.selected ?? input.today, workouts: [], results: [] }),
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
    ready: {},
    failed: {
      on: { "schedule.retry": "loading" }
    }
  }
})

export type ClientScheduleMachine = typeof clientScheduleMachine
