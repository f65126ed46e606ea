import { assign, setup } from "xstate"
import { calendarGrid28, nextWeek, previousWeek, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { unconnectedCoachCalendarActors, type DayMarks } from "./coach-calendar.actors.ts"
import { activeClients, chooseClient } from "./coach-calendar.clients.ts"

// The coach calendar (SPEC sections 2, 4, 9): pick a client, move by 7 days or back to
// today, and see 28 days from the week's Sunday with the days that hold workouts and
// logged results marked. Each move asks only for the 28 days it shows.

export interface CoachCalendarContext {
  readonly coachId: UserId
  readonly today: IsoDate
  readonly selectedDay: IsoDate
  readonly clients: ClientLookup
  readonly clientId: UserId | null
  readonly marks: DayMarks
}

export interface CoachCalendarInput {
  readonly coachId: UserId
  readonly today: IsoDate
  /** The client to show first, e.g. the one whose day the coach came back from. */
  readonly clientId?: UserId | null
}

export type CoachCalendarEvent =
  | { readonly type: "client.pick"; readonly clientId: UserId }
  | { readonly type: "week.next" }
  | { readonly type: "week.previous" }
  | { readonly type: "week.today" }
  | { readonly type: "clients.retry" }
  | { readonly type: "days.retry" }

const NO_MARKS: DayMarks = { workoutDates: [], resultDates: [] }

export const coachCalendarMachine = setup({
  types: {
    context: {} as CoachCalendarContext,
    events: {} as CoachCalendarEvent,
    input: {} as CoachCalendarInput
  },
  actors: unconnectedCoachCalendarActors,
  actions: {
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
          { target: "noClients", actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.output }) } }
        ],
        onError: "clientsFailed"
      }
    },
    clientsFailed: { on: { "clients.retry": "loadingClients" } },
    // 'No clients yet! Add some to get started!'
    noClients: {},
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
          invoke: {
            id: "loadMarks",
            src: "loadMarks",
            input: ({ context }) => {
              const days = calendarGrid28(context.selectedDay)
              return { clientId: context.clientId as UserId, from: days[0] as IsoDate, to: days[days.length - 1] as IsoDate }
            },
            onDone: { target: "showing", actions: { type: "rememberMarks", params: ({ event }) => ({ marks: event.output }) } },
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
