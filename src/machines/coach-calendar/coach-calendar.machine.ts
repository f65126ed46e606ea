import { assign, fromPromise, setup } from "xstate"
import { addDays, CALENDAR_GRID_DAYS, nextWeek, previousWeek, startOfWeek } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { activeClients, chooseClient } from "#domain/active-clients.ts"
import {
  NO_DAYS,
  type CalendarPlace,
  type CoachCalendarContext,
  type CoachCalendarEvent,
  type CoachCalendarInput,
  type CoachClients,
  type DaysAnswer,
  type DaysRequest
} from "./coach-calendar.types.ts"
import { dayShownIn } from "#domain/calendar-week.ts"

// The coach calendar (docs/product.md, Screens: Coach): pick a client, move by 7 days or
// back to today, and see 28 days from the week's Sunday, each day with its workouts, a
// completed or missed mark and the volume lifted. Each move asks only for the 28 days it
// shows. Where the calendar is (client and week) is remembered (rememberPlace: the route
// keeps it in ?client=&week=) each time days are read. A client asked for who is not on
// the coach's list is said to be not found, never swapped for another.
// coach-calendar.actors.ts provides the calls and the address.

/** The grid's 28 days: from the Sunday of the shown week. */
const daysRequest = ({ clientId, selectedDay }: CoachCalendarContext): DaysRequest => {
  const from = startOfWeek(selectedDay)
  return { clientId, from, to: addDays(from, CALENDAR_GRID_DAYS - 1) }
}

const isOnList = (clients: ClientLookup, clientId: UserId | null): boolean =>
  activeClients(clients).some((client) => client.id === clientId)

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
    loadDays: fromPromise<DaysAnswer, DaysRequest>(() => Promise.reject(new Error("loadDays was not provided")))
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
    )
  },
  guards: {
    hasActiveClients: (_, params: CoachClients) => activeClients(params.clients).length > 0,
    // An id in the address that is not one of the coach's clients (a typo, another coach's
    // client). With no clients at all, SPEC's 'No clients yet!' says more.
    asksForUnknownClient: ({ context }, params: CoachClients) =>
      context.clientId !== null &&
      activeClients(params.clients).length > 0 &&
      !isOnList(params.clients, context.clientId),
    isKnownClient: ({ context }, params: { clientId: UserId }) => isOnList(context.clients, params.clientId),
    isClientNotFound: (_, params: { answer: DaysAnswer }) => params.answer._tag === "clientNotFound"
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
    days: NO_DAYS
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
        showing: {},
        failed: { on: { "days.retry": "loading" } }
      }
    }
  }
})

export type CoachCalendarMachine = typeof coachCalendarMachine
