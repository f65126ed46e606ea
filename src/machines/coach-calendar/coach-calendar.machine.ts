import { assign, fromPromise, setup } from "xstate"
import { addDays, CALENDAR_GRID_DAYS, nextWeek, previousWeek, startOfWeek, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { activeClients, chooseClient, pickerClients } from "#domain/active-clients.ts"
import type { MovedWorkout } from "#domain/workout-move.ts"
import { applyMove, shownWorkout, workoutName } from "./coach-calendar.days.ts"
import {
  NO_DAYS,
  type CalendarPlace,
  type CoachCalendarContext,
  type CoachCalendarEvent,
  type CoachCalendarInput,
  type CoachClients,
  type DaysAnswer,
  type DaysRequest,
  type MoveRequest
} from "./coach-calendar.types.ts"
import { dayShownIn } from "#domain/calendar-week.ts"
import { moveFailureText } from "./coach-calendar.move.ts"

// The coach calendar (docs/product.md, Screens: Coach): pick a client, move by 7 days or
// back to today, and see 28 days from the week's Sunday, each day with its workouts, a
// completed or missed mark and the volume lifted. Each move asks only for the 28 days it
// shows. Where the calendar is (client and week) is remembered (rememberPlace: the route
// keeps it in ?client=&week=) each time days are read. A client asked for who is not on
// the coach's list is said to be not found, never swapped for another.
// coach-calendar.actors.ts provides the calls and the address.

/** The grid's 28 days: from the Sunday of the shown week. */
const gridOf = ({ selectedDay }: CoachCalendarContext) => {
  const from = startOfWeek(selectedDay)
  return { from, to: addDays(from, CALENDAR_GRID_DAYS - 1) }
}

const daysRequest = (context: CoachCalendarContext): DaysRequest => ({ clientId: context.clientId, ...gridOf(context) })

const moveRequest = ({ clientId, move }: CoachCalendarContext): MoveRequest => {
  if (move === null) throw new Error("moving with no workout picked")
  return { clientId, from: move.from, toDate: move.target }
}

const isOnList = (clients: ClientLookup, clientId: UserId | null): boolean =>
  activeClients(clients).some((client) => client.id === clientId)

/** Picking a shown workout up, from any resting state of the days shown. */
const pickUp = {
  "move.pick": {
    guard: {
      type: "isShownWorkout",
      params: ({ event }: { event: Extract<CoachCalendarEvent, { type: "move.pick" }> }) => ({
        date: event.date,
        workoutOrder: event.workoutOrder
      })
    },
    target: "#coachCalendar.calendar.showing.choosing",
    actions: {
      type: "pickWorkout",
      params: ({ event }: { event: Extract<CoachCalendarEvent, { type: "move.pick" }> }) => ({
        date: event.date,
        workoutOrder: event.workoutOrder
      })
    }
  }
} as const

export const coachCalendarMachine = setup({
  types: {
    context: {} as CoachCalendarContext,
    events: {} as CoachCalendarEvent,
    input: {} as CoachCalendarInput
  },
  actors: {
    loadClients: fromPromise<CoachClients, { readonly coachId: UserId }>(() =>
      Promise.reject(new Error("loadClients was not provided"))
    ),
    loadDays: fromPromise<DaysAnswer, DaysRequest>(() => Promise.reject(new Error("loadDays was not provided"))),
    moveWorkout: fromPromise<MovedWorkout, MoveRequest>(() => Promise.reject(new Error("moveWorkout was not provided")))
  },
  actions: {
    // Reaches outside the machine; coachCalendarImplementations provides it.
    rememberPlace: (_, _params: { place: CalendarPlace | null }) => undefined,

    rememberClients: assign((_, params: CoachClients) => ({ clients: params.clients, unit: params.unit })),
    chooseClient: assign(({ context }) => ({ clientId: chooseClient(context.clients, context.clientId) })),
    forgetClient: assign({ clientId: null, days: NO_DAYS }),
    pickClient: assign((_, params: { clientId: UserId }) => ({ clientId: params.clientId, days: NO_DAYS })),
    showNextWeek: assign(({ context }) => ({ selectedDay: nextWeek(context.selectedDay), days: NO_DAYS })),
    showPreviousWeek: assign(({ context }) => ({ selectedDay: previousWeek(context.selectedDay), days: NO_DAYS })),
    showToday: assign(({ context }) => ({ selectedDay: context.today, days: NO_DAYS })),
    rememberDays: assign((_, params: { answer: DaysAnswer }) =>
      params.answer._tag === "days" ? { days: params.answer.days } : {}
    ),
    // Picked up: the day chosen starts as the day it is on.
    pickWorkout: assign((_, params: { date: IsoDate; workoutOrder: number }) => ({
      move: { from: { date: params.date, workoutOrder: params.workoutOrder }, target: params.date },
      moveFailure: null
    })),
    chooseDay: assign(({ context }, params: { date: IsoDate }) =>
      context.move === null ? {} : { move: { ...context.move, target: params.date } }
    ),
    forgetMove: assign({ move: null, moveFailure: null }),
    // Only from the server's answer: the workout leaves its day and lands where the server put it.
    applyMove: assign(({ context }, params: { moved: MovedWorkout }) => {
      const days = applyMove(context.days, params.moved)
      // The name it had where it was picked ('Workout 1' there may be 'Workout 2' here).
      const named = shownWorkout(context.days, params.moved.from) ?? shownWorkout(days, params.moved)
      return {
        days,
        move: null,
        moveFailure: null,
        moved: {
          date: params.moved.date,
          workoutOrder: params.moved.workoutOrder,
          name: named === undefined ? "The workout" : workoutName(named.workout, named.index)
        }
      }
    }),
    rememberMoveFailure: assign((_, params: { failure: string }) => ({ moveFailure: params.failure }))
  },
  guards: {
    // An archived client is shown only when the address asks for them.
    hasActiveClients: ({ context }, params: CoachClients) => pickerClients(params.clients, context.clientId).length > 0,
    // An id in the address that is not one of the coach's clients (a typo, another coach's
    // client). With no clients at all, SPEC's 'No clients yet!' says more.
    asksForUnknownClient: ({ context }, params: CoachClients) =>
      context.clientId !== null &&
      activeClients(params.clients).length > 0 &&
      !isOnList(params.clients, context.clientId),
    isKnownClient: ({ context }, params: { clientId: UserId }) => isOnList(context.clients, params.clientId),
    isClientNotFound: (_, params: { answer: DaysAnswer }) => params.answer._tag === "clientNotFound",
    isShownWorkout: ({ context }, params: { date: IsoDate; workoutOrder: number }) =>
      shownWorkout(context.days, params) !== undefined,
    isOnGrid: ({ context }, params: { date: IsoDate }) => {
      const grid = gridOf(context)
      return params.date >= grid.from && params.date <= grid.to
    },
    isAnotherDay: ({ context }) => context.move !== null && context.move.target !== context.move.from.date,
    // The answer names a workout the grid shows (where it was, or already where it is).
    showsMovedWorkout: ({ context }, params: { moved: MovedWorkout }) =>
      shownWorkout(context.days, params.moved.from) !== undefined ||
      shownWorkout(context.days, params.moved) !== undefined
  }
}).createMachine({
  id: "coachCalendar",
  context: ({ input }) => ({
    coachId: input.coachId,
    today: input.today,
    selectedDay: input.week == null ? input.today : dayShownIn(input.week, input.today),
    clients: {},
    clientId: input.clientId ?? null,
    unit: "lb",
    days: NO_DAYS,
    move: null,
    moveFailure: null,
    moved: null
  }),
  initial: "loadingClients",
  states: {
    loadingClients: {
      invoke: {
        id: "loadClients",
        src: "loadClients",
        input: ({ context }) => ({ coachId: context.coachId }),
        onDone: [
          {
            guard: { type: "asksForUnknownClient", params: ({ event }) => event.output },
            target: "clientNotFound",
            actions: [{ type: "rememberClients", params: ({ event }) => event.output }, "forgetClient"]
          },
          {
            guard: { type: "hasActiveClients", params: ({ event }) => event.output },
            target: "calendar",
            actions: [{ type: "rememberClients", params: ({ event }) => event.output }, "chooseClient"]
          },
          {
            target: "noClients",
            actions: { type: "rememberClients", params: ({ event }) => event.output }
          }
        ],
        onError: "clientsFailed"
      }
    },
    clientsFailed: { on: { "clients.retry": "loadingClients" } },
    // 'No clients yet! Add some to get started!'
    noClients: {},
    // 'No client with that id on your list.', and the picker to choose one who is.
    clientNotFound: {
      on: {
        "client.pick": {
          guard: { type: "isKnownClient", params: ({ event }) => ({ clientId: event.clientId }) },
          target: "calendar",
          actions: { type: "pickClient", params: ({ event }) => ({ clientId: event.clientId }) }
        }
      }
    },
    calendar: {
      initial: "loading",
      on: {
        "client.pick": {
          guard: { type: "isKnownClient", params: ({ event }) => ({ clientId: event.clientId }) },
          target: ".loading",
          actions: { type: "pickClient", params: ({ event }) => ({ clientId: event.clientId }) }
        },
        "week.next": { target: ".loading", actions: "showNextWeek" },
        "week.previous": { target: ".loading", actions: "showPreviousWeek" },
        "week.today": { target: ".loading", actions: "showToday" }
      },
      states: {
        loading: {
          // Every client and week shown passes here: the address follows.
          entry: {
            type: "rememberPlace",
            params: ({ context }) => ({
              place:
                context.clientId === null
                  ? null
                  : { clientId: context.clientId, week: startOfWeek(context.selectedDay) }
            })
          },
          invoke: {
            id: "loadDays",
            src: "loadDays",
            input: ({ context }) => daysRequest(context),
            onDone: [
              {
                guard: { type: "isClientNotFound", params: ({ event }) => ({ answer: event.output }) },
                target: "#coachCalendar.clientNotFound",
                actions: "forgetClient"
              },
              {
                target: "showing",
                actions: { type: "rememberDays", params: ({ event }) => ({ answer: event.output }) }
              }
            ],
            onError: "failed"
          }
        },
        showing: {
          initial: "idle",
          // Leaving the days shown (another week or client) drops a move not made.
          exit: "forgetMove",
          states: {
            idle: { on: pickUp },
            choosing: {
              on: {
                ...pickUp,
                "move.target": {
                  guard: { type: "isOnGrid", params: ({ event }) => ({ date: event.date }) },
                  actions: { type: "chooseDay", params: ({ event }) => ({ date: event.date }) }
                },
                "move.drop": { guard: "isAnotherDay", target: "moving" },
                "move.cancel": { target: "idle", actions: "forgetMove" }
              }
            },
            // Nothing is said moved, and nothing else can be picked, until the server answers.
            moving: {
              invoke: {
                id: "moveWorkout",
                src: "moveWorkout",
                input: ({ context }) => moveRequest(context),
                onDone: [
                  {
                    guard: { type: "showsMovedWorkout", params: ({ event }) => ({ moved: event.output }) },
                    target: "moved",
                    actions: { type: "applyMove", params: ({ event }) => ({ moved: event.output }) }
                  },
                  // The grid no longer shows it (changed meanwhile): read the days as they are.
                  { target: "#coachCalendar.calendar.loading" }
                ],
                onError: {
                  target: "moveFailed",
                  actions: {
                    type: "rememberMoveFailure",
                    params: ({ event }) => ({ failure: moveFailureText(event.error) })
                  }
                }
              }
            },
            moved: { on: pickUp },
            moveFailed: {
              on: {
                "move.retry": "moving",
                // The move may have happened with its answer lost: the days are read again.
                "move.cancel": "#coachCalendar.calendar.loading"
              }
            }
          }
        },
        failed: { on: { "days.retry": "loading" } }
      }
    }
  }
})

export type CoachCalendarMachine = typeof coachCalendarMachine
