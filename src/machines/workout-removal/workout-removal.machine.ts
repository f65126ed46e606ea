import { assign, fromPromise, setup } from "xstate"
import type { WorkoutAddress, WorkoutOrder, WorkoutRemoval } from "#domain/workout-edits.ts"
import { describeFailure } from "../failure-text.ts"
import type {
  RemovalTarget,
  WorkoutRemovalContext,
  WorkoutRemovalEvent,
  WorkoutRemovalInput
} from "./workout-removal.types.ts"

/** How long "Workout deleted." offers its Undo. */
export const UNDO_WINDOW_MS = 10_000
/** How long "Workout restored." stays; SPEC's messages stay 5 seconds (section 9). */
export const RESTORED_NOTICE_MS = 5_000

// Deleting a workout from the coach's day: asked first, then sent; once the server has
// removed it the day drops it and Undo is offered for a while; Undo asks the server to put
// it back and the day is read again. Nothing is said to be deleted or restored before the
// server answers. The day hears through two actions the route provides (reportRemoved,
// reportRestored); workout-removal.actors.ts provides the calls.

const request = {
  target: "confirming",
  actions: {
    type: "chooseTarget",
    params: ({ event }: { event: RemovalTarget }) => ({
      workoutOrder: event.workoutOrder,
      loggedSets: event.loggedSets
    })
  }
} as const

export const workoutRemovalMachine = setup({
  types: {
    context: {} as WorkoutRemovalContext,
    events: {} as WorkoutRemovalEvent,
    input: {} as WorkoutRemovalInput
  },
  actors: {
    removeWorkout: fromPromise<WorkoutRemoval, WorkoutAddress>(() =>
      Promise.reject(new Error("removeWorkout was not provided"))
    ),
    restoreWorkout: fromPromise<WorkoutRemoval, WorkoutAddress>(() =>
      Promise.reject(new Error("restoreWorkout was not provided"))
    )
  },
  actions: {
    chooseTarget: assign((_, target: RemovalTarget) => ({ target, error: null })),
    forgetTarget: assign({ target: null, error: null }),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ error: describeFailure(error) })),
    // The route's: the day drops the removed workout, or reads itself again once it is back.
    reportRemoved: (_, _params: { workoutOrder: WorkoutOrder }) => undefined,
    reportRestored: () => undefined
  },
  delays: {
    undoWindow: UNDO_WINDOW_MS,
    restoredNotice: RESTORED_NOTICE_MS
  }
}).createMachine({
  id: "workoutRemoval",
  context: ({ input }) => ({ clientId: input.clientId, date: input.date, target: null, error: null }),
  initial: "idle",
  states: {
    idle: {
      entry: "forgetTarget",
      on: { "removal.request": request }
    },
    confirming: {
      on: {
        "removal.request": request,
        "removal.confirm": "removing",
        "removal.cancel": "idle"
      }
    },
    removing: {
      invoke: {
        id: "removeWorkout",
        src: "removeWorkout",
        input: ({ context }) => addressOf(context),
        onDone: {
          target: "removed",
          actions: { type: "reportRemoved", params: ({ context }) => ({ workoutOrder: orderOf(context) }) }
        },
        onError: {
          target: "removeFailed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    removeFailed: {
      on: {
        "removal.request": request,
        "removal.retry": "removing",
        "removal.cancel": "idle"
      }
    },
    removed: {
      after: { undoWindow: "idle" },
      on: {
        "removal.request": request,
        "removal.undo": "restoring"
      }
    },
    restoring: {
      invoke: {
        id: "restoreWorkout",
        src: "restoreWorkout",
        input: ({ context }) => addressOf(context),
        onDone: { target: "restored", actions: "reportRestored" },
        onError: {
          target: "restoreFailed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    restoreFailed: {
      on: {
        "removal.request": request,
        "removal.retry": "restoring",
        "removal.dismiss": "idle"
      }
    },
    restored: {
      after: { restoredNotice: "idle" },
      on: { "removal.request": request }
    }
  }
})

/** The target's order; states past confirming always have one. */
function orderOf(context: WorkoutRemovalContext): WorkoutOrder {
  if (context.target === null) throw new Error("no workout chosen for removal")
  return context.target.workoutOrder
}

function addressOf(context: WorkoutRemovalContext): WorkoutAddress {
  return { clientId: context.clientId, date: context.date, workoutOrder: orderOf(context) }
}

export type WorkoutRemovalMachine = typeof workoutRemovalMachine
