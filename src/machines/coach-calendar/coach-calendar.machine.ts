import { assign, fromPromise, setup } from "xstate"
import { addDays, CALENDAR_GRID_DAYS, nextWeek, previousWeek, startOfWeek } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { activeClients, chooseClient } from "./coach-calendar.clients.ts"
import {
  NO_MARKS,
  type CoachCalendarContext,
  type CoachCalendarEvent,
  type CoachCalendarInput,
  type DayMarks,
  type MarksRequest
} from "./coach-calendar.types.ts"

// The coach calendar (SPEC sections 2, 4, 9): pick a client, move by 7 days or back to
// today, and see 28 days from the week's Sunday with the days that hold workouts and
// logged results marked. Each move asks only for the 28 days it shows. The client shown
// is remembered (rememberClient: the route keeps it in ?client=) whenever it is chosen.
// coach-calendar.actors.ts provides the calls and the address.

/** The grid's 28 days: from the Sunday of the shown week. */
const marksRequest = ({ clientId, selectedDay }: CoachCalendarContext): MarksRequest => {
  const from = startOfWeek(selectedDay)
  return { clientId, from, to: addDays(from, CALENDAR_GRID_DAYS - 1) }
}

export const coachCalendarMachine = setup({
  types: {
    context: {} as CoachCalendarContext,
    events: {} as CoachCalendarEvent,
    input: {} as CoachCalendarInput
  },
  actors: {
    loadClients: fromPromise<ClientLookup, { readonly coachId: UserId }>(() =>
      Promise.reject(new Error("loadClients was not provided"))
    ),
    loadMarks: fromPromise<DayMarks, MarksRequest>(() => Promise.reject(new Error("loadMarks was not provided")))
  },
  actions: {
    // Reaches outside the machine; coachCalendarImplementations provides it.
    rememberClient: (_, _params: { clientId: UserId | null }) => undefined,

    rememberClients: assign(({ context }, params: { clients: ClientLookup }) => ({
      clients: params.clients,
      clientId: chooseClient(params.clients, context.clientId)
    })),
    pickClient: assign((_, params: { clientId: UserId }) => ({ clientId: params.clientId, marks: NO_MARKS })),
    showNextWeek: assign(({ context }) => ({ selectedDay: nextWeek(context.selectedDay), marks: NO_MARKS })),
    showPreviousWeek: assign(({ context }) => ({ selectedDay: previousWeek(context.selectedDay), marks: NO_MARKS })),
    showToday: assign(({ context }) => ({ selectedDay: context.today, marks: NO_MARKS })),
    rememberMarks: assign((_, params: { marks: DayMarks }) => ({ marks: params.marks }))
  },
  guards: {
    hasActiveClients: (_, params: { clients: ClientLookup }) => activeClients(params.clients).length > 0,
    isKnownClient: ({ context }, params: { clientId: UserId }) =>
      activeClients(context.clients).some((client) => client.id === params.clientId)
  }
}).createMachine({
  id: "coachCalendar",
  context: ({ input }) => ({
    coachId: input.coachId,
    today: input.today,
    selectedDay: input.today,
    clients: {},
    clientId: input.clientId ?? null,
    marks: NO_MARKS
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
            guard: { type: "hasActiveClients", params: ({ event }) => ({ clients: event.output }) },
            target: "calendar",
            actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.output }) }
          },
          {
            target: "noClients",
            actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.output }) }
          }
        ],
        onError: "clientsFailed"
      }
    },
    clientsFailed: { on: { "clients.retry": "loadingClients" } },
    // 'No clients yet! Add some to get started!'
    noClients: {},
    calendar: {
      // The client shown is known from here on: the first by name, or the one asked for.
      entry: { type: "rememberClient", params: ({ context }) => ({ clientId: context.clientId }) },
      initial: "loading",
      on: {
        "client.pick": {
          guard: { type: "isKnownClient", params: ({ event }) => ({ clientId: event.clientId }) },
          target: ".loading",
          actions: [
            { type: "pickClient", params: ({ event }) => ({ clientId: event.clientId }) },
            { type: "rememberClient", params: ({ event }) => ({ clientId: event.clientId }) }
          ]
        },
        "week.next": { target: ".loading", actions: "showNextWeek" },
        "week.previous": { target: ".loading", actions: "showPreviousWeek" },
        "week.today": { target: ".loading", actions: "showToday" }
      },
      states: {
        loading: {
          invoke: {
            id: "loadMarks",
            src: "loadMarks",
            input: ({ context }) => marksRequest(context),
            onDone: {
              target: "showing",
              actions: { type: "rememberMarks", params: ({ event }) => ({ marks: event.output }) }
            },
            onError: "failed"
          }
        },
        showing: {},
        failed: { on: { "days.retry": "loading" } }
      }
    }
  }
})

export type CoachCalendarMachine = typeof coachCalendarMachine
