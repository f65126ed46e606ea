import { assign, fromPromise, setup } from "xstate"
import type { UserId } from "#domain/ids.ts"
import { isValidClientEmail } from "#domain/user.ts"
import type { AddClientPayload, ClientLookup } from "#domain/workout.ts"
import type { CoachClientsContext, CoachClientsEvent, CoachClientsInput } from "./coach-clients.types.ts"

// The coach dashboard's client list and add-client form (SPEC sections 2, 4, 5, 9):
// a badly formed email says 'Invalid email format' and sends nothing; the outcome of
// an add shows for 5 seconds. A failed first load is shown with a retry.
// coach-clients.actors.ts provides the two calls.

/** SPEC section 9: client-added and error messages clear after 5000 ms. */
export const MESSAGE_TIMEOUT_MS = 5000

const changeEmail = {
  actions: { type: "changeEmail", params: ({ event }: { event: { email: string } }) => ({ email: event.email }) }
} as const

/** What the form accepts whenever it is not busy adding. */
const formEvents = {
  "email.change": changeEmail,
  "client.add": [
    { guard: "isEmailValid", target: "#coachClients.ready.adding" },
    { target: "#coachClients.ready.invalid" }
  ]
} as const

export const coachClientsMachine = setup({
  types: {
    context: {} as CoachClientsContext,
    events: {} as CoachClientsEvent,
    input: {} as CoachClientsInput
  },
  actors: {
    loadClients: fromPromise<ClientLookup, { readonly coachId: UserId }>(() =>
      Promise.reject(new Error("loadClients was not provided"))
    ),
    addClient: fromPromise<ClientLookup, AddClientPayload>(() =>
      Promise.reject(new Error("addClient was not provided"))
    )
  },
  actions: {
    rememberClients: assign((_, params: { clients: ClientLookup }) => ({ clients: params.clients })),
    changeEmail: assign((_, params: { email: string }) => ({ email: params.email })),
    clearEmail: assign({ email: "" })
  },
  guards: {
    isEmailValid: ({ context }) => isValidClientEmail(context.email.trim())
  },
  delays: {
    messageTimeout: MESSAGE_TIMEOUT_MS
  }
}).createMachine({
  id: "coachClients",
  context: ({ input }) => ({ coachId: input.coachId, clients: {}, email: "" }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadClients",
        src: "loadClients",
        input: ({ context }) => ({ coachId: context.coachId }),
        onDone: {
          target: "ready",
          actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.output }) }
        },
        onError: "loadFailed"
      }
    },
    loadFailed: {
      on: { "clients.retry": "loading" }
    },
    ready: {
      initial: "idle",
      states: {
        idle: { on: formEvents },
        // 'Invalid email format' stays until the email is edited.
        invalid: { on: { "email.change": { target: "idle", ...changeEmail } } },
        adding: {
          invoke: {
            id: "addClient",
            src: "addClient",
            input: ({ context }) => ({
              data: { coachId: context.coachId, clientEmail: context.email.trim() }
            }),
            onDone: {
              target: "added",
              actions: [{ type: "rememberClients", params: ({ event }) => ({ clients: event.output }) }, "clearEmail"]
            },
            onError: "addFailed"
          }
        },
        added: { on: formEvents, after: { messageTimeout: "idle" } },
        addFailed: { on: formEvents, after: { messageTimeout: "idle" } }
      }
    }
  }
})

export type CoachClientsMachine = typeof coachClientsMachine
