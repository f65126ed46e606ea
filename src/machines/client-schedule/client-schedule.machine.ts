import { assign, fromCallback, fromPromise, setup } from "xstate"
import { addDays, nextWeek, previousWeek, startOfWeek, type IsoDate } from "#domain/calendar.ts"
import { MAX_READ_DAYS } from "#domain/workout.ts"
import { isNetworkFailure } from "#domain/network-failure.ts"
import type {
  CopiedSchedule,
  Schedule,
  ScheduleContext,
  ScheduleEvent,
  ScheduleInput,
  ScheduleRange
} from "./client-schedule.types.ts"

/** The days and reads each screen shows, never more than one read's span (MAX_READ_DAYS). */
export const rangeOf = ({ scope, today, selected }: ScheduleContext): ScheduleRange => {
  if (scope === "week") {
    const from = startOfWeek(selected)
    return { from, to: addDays(from, 6), workouts: true, results: true, completions: true }
  }
  // The dashboard's next workout: the earliest one not done from today on, within a year.
  return { from: today, to: addDays(today, MAX_READ_DAYS - 1), workouts: true, results: false, completions: true }
}

/** `clientScheduleImplementations` provides the gateway's calls and the device copy. */
const loadSchedule = fromPromise<Schedule, ScheduleRange>(() =>
  Promise.reject(new Error("loadSchedule was not provided"))
)
const readCopy = fromPromise<CopiedSchedule | null, ScheduleRange>(() => Promise.resolve(null))
const waitForNetwork = fromCallback<{ type: "network.online" }>(() => undefined)

type Copied = { readonly copy: CopiedSchedule | null }

/**
 * The device copy of the range, read unless one is already on screen: shown if it has
 * one, else `otherwise` (docs/decisions/027).
 */
const openCopy = (otherwise: string) => ({
  always: { guard: "hasCopy" as const, target: "showingCopy" },
  invoke: {
    id: "readCopy",
    src: "readCopy" as const,
    input: ({ context }: { context: ScheduleContext }) => rangeOf(context),
    onDone: [
      {
        guard: {
          type: "isCopy" as const,
          params: ({ event }: { event: { output: CopiedSchedule | null } }) => ({ copy: event.output })
        },
        target: "showingCopy",
        actions: {
          type: "takeCopy" as const,
          params: ({ event }: { event: { output: CopiedSchedule | null } }) => ({ copy: event.output })
        }
      },
      { target: otherwise }
    ],
    onError: otherwise
  }
})

export const clientScheduleMachine = setup({
  types: { context: {} as ScheduleContext, events: {} as ScheduleEvent, input: {} as ScheduleInput },
  actors: { loadSchedule, readCopy, waitForNetwork },
  guards: {
    hasCopy: ({ context }) => context.asOf !== null,
    isCopy: (_, { copy }: Copied) => copy !== null,
    isNetworkFailure: (_, { error }: { error: unknown }) => isNetworkFailure(error),
    isInShownWeek: ({ context }, { date }: { date: IsoDate }) => startOfWeek(date) === startOfWeek(context.selected),
    isDoneUnknown: ({ context }) => context.completions === null
  },
  actions: {
    takeSchedule: assign((_, { workouts, results, completions }: Schedule) => ({
      workouts,
      results,
      completions,
      asOf: null
    })),
    takeCopy: assign((_, { copy }: Copied) =>
      copy === null
        ? {}
        : { workouts: copy.workouts, results: copy.results, completions: copy.completions, asOf: copy.asOf }
    ),
    // Another week: the copy on screen was of the last one.
    dropCopy: assign({ asOf: null }),
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
    completions: null,
    asOf: null
  }),
  initial: "reading",
  // docs/product.md: arrows move the selected day by 7 days; Today resets it.
  on: {
    "week.next": { target: ".reading", actions: ["stepForward", "dropCopy"] },
    "week.previous": { target: ".reading", actions: ["stepBack", "dropCopy"] },
    "week.today": { target: ".reading", actions: ["selectToday", "dropCopy"] },
    "day.select": [
      {
        guard: { type: "isInShownWeek", params: ({ event }) => ({ date: event.date }) },
        actions: { type: "selectDay", params: ({ event }) => ({ date: event.date }) }
      },
      {
        target: ".reading",
        actions: [{ type: "selectDay", params: ({ event }) => ({ date: event.date }) }, "dropCopy"]
      }
    ]
  },
  states: {
    // The server is asked; meanwhile the device copy is shown if it has these days, so a
    // returning lifter sees their week at once (docs/decisions/027).
    reading: {
      initial: "opening",
      invoke: {
        id: "loadSchedule",
        src: "loadSchedule",
        input: ({ context }) => rangeOf(context),
        onDone: { target: "ready", actions: { type: "takeSchedule", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "isNetworkFailure", params: ({ event }) => ({ error: event.error }) }, target: "offline" },
          // A refusal (signed out, not this client's) is said, never covered by the copy.
          { target: "failed", actions: "dropCopy" }
        ]
      },
      states: {
        opening: openCopy("blank"),
        /** Nothing to show yet: 'Loading...'. */
        blank: {},
        /** The copy on screen: 'Updating…'. */
        showingCopy: {}
      }
    },
    /** The server's own answer. */
    ready: {
      // The schedule is shown; only which workouts are done could not be read: read again.
      on: { "schedule.retry": { guard: "isDoneUnknown", target: "reading.blank" } }
    },
    // The server could not be reached: the copy, saying how old it is, and a fresh read
    // as soon as the browser is back online.
    offline: {
      initial: "opening",
      invoke: { id: "waitForNetwork", src: "waitForNetwork" },
      on: { "network.online": "reading", "schedule.retry": "reading" },
      states: {
        opening: openCopy("blank"),
        /** 'Offline, as of 7:42'. */
        showingCopy: {},
        /** Offline, and these days are not on the device: 'could not be loaded', try again. */
        blank: {}
      }
    },
    failed: {
      on: { "schedule.retry": "reading" }
    }
  }
})

export type ClientScheduleMachine = typeof clientScheduleMachine
