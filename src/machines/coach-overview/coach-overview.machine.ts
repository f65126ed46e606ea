import { assign, fromCallback, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from "xstate"
import type { CoachOverview } from "#domain/coach-overview.ts"
import { describeFailure } from "../failure-text.ts"
import type {
  CoachOverviewContext,
  CoachOverviewEvent,
  CoachOverviewInput,
  OverviewRead
} from "./coach-overview.types.ts"

// The coach dashboard's 'Upcoming workouts' panel (docs/decisions/021): every linked client's last
// session, week, missed workouts, new records and coming days, read in one call. A failed
// read is shown with a retry. Adding a client reads it again (a refresh keeps the rows on
// screen meanwhile), since the new client may already have a row.
// coach-overview.actors.ts provides the read and the watch on the client list.

/** Where a read leads, first or again: the rows, or the reason it failed. */
const answered = {
  onDone: {
    target: "#coachOverview.loaded",
    actions: {
      type: "rememberOverview",
      params: ({ event }: { event: DoneActorEvent<CoachOverview> }) => ({ overview: event.output })
    }
  },
  onError: {
    target: "#coachOverview.failed",
    actions: { type: "noteFailure", params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) }
  }
} as const

export const coachOverviewMachine = setup({
  types: {
    context: {} as CoachOverviewContext,
    events: {} as CoachOverviewEvent,
    input: {} as CoachOverviewInput
  },
  actors: {
    loadOverview: fromPromise<CoachOverview, OverviewRead>(() =>
      Promise.reject(new Error("loadOverview was not provided"))
    ),
    watchClientList: fromCallback<CoachOverviewEvent>(() => () => undefined)
  },
  actions: {
    rememberOverview: assign((_, { overview }: { overview: CoachOverview }) => ({ overview, failure: null })),
    noteFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) }))
  }
}).createMachine({
  id: "coachOverview",
  context: ({ input }) => ({ today: input.today, utcOffset: input.utcOffset, overview: null, failure: null }),
  invoke: { id: "watchClientList", src: "watchClientList" },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadOverview",
        src: "loadOverview",
        input: ({ context }) => ({ today: context.today, utcOffset: context.utcOffset }),
        ...answered
      },
      // The read under way may have started before the client was added: start it again.
      on: { "client.added": { target: "loading", reenter: true } }
    },
    loaded: {
      on: { "client.added": "refreshing" }
    },
    refreshing: {
      invoke: {
        id: "refreshOverview",
        src: "loadOverview",
        input: ({ context }) => ({ today: context.today, utcOffset: context.utcOffset }),
        ...answered
      },
      on: { "client.added": { target: "refreshing", reenter: true } }
    },
    failed: {
      on: { "overview.retry": "loading", "client.added": "loading" }
    }
  }
})

export type CoachOverviewMachine = typeof coachOverviewMachine
