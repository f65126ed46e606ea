import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { assign, fromPromise, setup } from "xstate"
import { hasTag } from "#domain/declared-errors.ts"
import { UserIdFromString, type UserId } from "#domain/ids.ts"
import { isValidClientEmail } from "#domain/user.ts"
import type { AddClientPayload, ClientKey, ClientLookup } from "#domain/workout.ts"
import { describeFailure } from "../failure-text.ts"
import type {
  AddOutcome,
  ArchivalTarget,
  CoachClientsContext,
  CoachClientsEvent,
  CoachClientsInput,
  Failure,
  RemovalTarget
} from "./coach-clients.types.ts"

// The coach dashboard's client list and add-client form (docs/product.md):
// a badly formed email says 'Invalid email format' and sends nothing; the outcome of
// an add shows for 5 seconds. A failed first load says why, with a retry.
// Coaching by consent (docs/decisions/033): an add records an invitation, so what the
// answer shows of the address decides the message; each entry can be removed, a linked
// client's only after the coach confirms; an open invitation's email can be sent again.
// A linked client can be archived (asked first) and restored (src/domain/client-archive.ts):
// the list shows them apart, and the overview reads again.
// coach-clients.actors.ts provides the calls.

/** docs/product.md: client-added and error messages clear after 5000 ms. */
export const MESSAGE_TIMEOUT_MS = 5000

/** The answer's entry for an invitation to `email` (the server keys them `pending:<email>`). */
export const pendingKey = (email: string): ClientKey => `pending:${email.trim().toLowerCase()}`

/** What the answer shows of the address just added: an invitation waiting, or a linked client. */
export const addOutcome = (clients: ClientLookup, email: string): AddOutcome => {
  const key = pendingKey(email)
  const invited = Object.keys(clients).some((each) => each.toLowerCase() === key)
  return invited ? "invited" : "linked"
}

/** A 403's own words (verify your email first) are the coach's to act on; other refusals stay ADR 015's one message. */
export const refusalOf = (error: unknown): string | null =>
  hasTag(error, "EmailNotVerified", "Forbidden") && error.error !== "" ? error.error : null

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

const target = {
  type: "chooseRemoval",
  params: ({ event }: { event: { key: ClientKey } }) => ({ key: event.key })
} as const

/** Remove an entry: a linked client is asked about first, an invitation is withdrawn at once. */
const removeEvents = {
  "client.remove": [
    {
      guard: { type: "isLinked", params: ({ event }: { event: { key: ClientKey } }) => ({ key: event.key }) },
      target: "#coachClients.ready.confirmingRemoval",
      actions: target
    },
    {
      guard: { type: "isListed", params: ({ event }: { event: { key: ClientKey } }) => ({ key: event.key }) },
      target: "#coachClients.ready.removing",
      actions: target
    }
  ]
} as const

/** Send an open invitation's email again: not a declined one, not a linked client. */
const resendEvents = {
  "invitation.resend": {
    guard: { type: "isOpenInvitation", params: ({ event }: { event: { key: ClientKey } }) => ({ key: event.key }) },
    target: "#coachClients.ready.resending",
    actions: {
      type: "chooseResend",
      params: ({ event }: { event: { key: ClientKey } }) => ({ key: event.key })
    }
  }
} as const

const keyOf = ({ event }: { event: { key: ClientKey } }) => ({ key: event.key })

/** Archive a linked client (asked first) or restore an archived one (at once). */
const archivalEvents = {
  "client.archive": {
    guard: { type: "isOnRoster", params: keyOf },
    target: "#coachClients.ready.confirmingArchive",
    actions: { type: "chooseArchival", params: keyOf }
  },
  "client.restore": {
    guard: { type: "isArchived", params: keyOf },
    target: "#coachClients.ready.restoring",
    actions: { type: "chooseArchival", params: keyOf }
  }
} as const

const listEvents = { ...formEvents, ...removeEvents, ...resendEvents, ...archivalEvents } as const

const decodeClientId = Schema.decodeUnknownOption(UserIdFromString)

/** A linked client's id from their key on the list (`"7"`); null for an invitation's. */
const clientIdOf = (key: ClientKey): UserId | null => Option.getOrNull(decodeClientId(key))

/** The linked client under `key`, archived or not; null for anything else. */
const linkedEntry = (clients: ClientLookup, key: ClientKey) => {
  const entry = clients[key]
  return entry?.pending === false && clientIdOf(key) !== null ? entry : null
}

/** The call's input: the chosen client's id (the guards let only a linked client's key through). */
const archivalInput = (archival: ArchivalTarget | null): { readonly clientId: UserId } => {
  const clientId = archival === null ? null : clientIdOf(archival.key)
  if (clientId === null) throw new Error("no linked client chosen to archive or restore")
  return { clientId }
}

/** A resend too soon is refused again until its ten minutes pass: the coach is told when, not offered a retry. */
const resendFailureOf = (error: unknown): Failure => ({
  reason: describeFailure(error),
  retryable: !hasTag(error, "ResendTooSoon")
})

/** The words for a client no longer on the coach's list (coaching ended meanwhile). */
export const notOnListText = (name: string) => `${name} is no longer on your list.`

/** A client no longer on the list stays so: said in words, not tried again. */
const archivalFailureOf = (error: unknown, name: string): Failure =>
  hasTag(error, "ClientNotFound")
    ? { reason: notOnListText(name), retryable: false }
    : { reason: describeFailure(error), retryable: true }

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
    ),
    removeClient: fromPromise<ClientLookup, { readonly key: ClientKey }>(() =>
      Promise.reject(new Error("removeClient was not provided"))
    ),
    resendInvitation: fromPromise<ClientLookup, { readonly key: ClientKey }>(() =>
      Promise.reject(new Error("resendInvitation was not provided"))
    ),
    archiveClient: fromPromise<ClientLookup, { readonly clientId: UserId }>(() =>
      Promise.reject(new Error("archiveClient was not provided"))
    ),
    restoreClient: fromPromise<ClientLookup, { readonly clientId: UserId }>(() =>
      Promise.reject(new Error("restoreClient was not provided"))
    )
  },
  actions: {
    rememberClients: assign((_, params: { clients: ClientLookup }) => ({ clients: params.clients })),
    // The true reason: a refused session or a server fault is not a connection to check.
    rememberLoadFailure: assign((_, params: { error: unknown }) => ({ loadFailure: describeFailure(params.error) })),
    forgetLoadFailure: assign({ loadFailure: null }),
    rememberAdded: assign(({ context }, params: { clients: ClientLookup }) => ({
      clients: params.clients,
      added: addOutcome(params.clients, context.email),
      email: ""
    })),
    rememberRefusal: assign((_, params: { error: unknown }) => ({ addRefusal: refusalOf(params.error) })),
    forgetRefusal: assign({ addRefusal: null }),
    changeEmail: assign((_, params: { email: string }) => ({ email: params.email })),
    chooseRemoval: assign(({ context }, params: { key: ClientKey }) => {
      const entry = context.clients[params.key]
      const removal: RemovalTarget = {
        key: params.key,
        name: entry?.name ?? params.key,
        linked: entry?.pending === false
      }
      return { removal, removeFailure: null }
    }),
    forgetRemoval: assign({ removal: null, removeFailure: null }),
    rememberRemoveFailure: assign((_, params: { error: unknown }) => ({
      removeFailure: describeFailure(params.error)
    })),
    chooseResend: assign(({ context }, params: { key: ClientKey }) => ({
      resend: { key: params.key, name: context.clients[params.key]?.name ?? params.key },
      resendFailure: null
    })),
    forgetResend: assign({ resend: null, resendFailure: null }),
    rememberResendFailure: assign((_, params: { error: unknown }) => ({
      resendFailure: resendFailureOf(params.error)
    })),
    chooseArchival: assign(({ context }, params: { key: ClientKey }) => {
      const archival: ArchivalTarget = { key: params.key, name: context.clients[params.key]?.name ?? params.key }
      return { archival, archivalFailure: null }
    }),
    forgetArchival: assign({ archival: null, archivalFailure: null }),
    rememberArchivalFailure: assign(({ context }, params: { error: unknown }) => ({
      archivalFailure: archivalFailureOf(params.error, context.archival?.name ?? "")
    }))
  },
  guards: {
    isEmailValid: ({ context }) => isValidClientEmail(context.email.trim()),
    isLinked: ({ context }, params: { key: ClientKey }) => context.clients[params.key]?.pending === false,
    isListed: ({ context }, params: { key: ClientKey }) => context.clients[params.key] !== undefined,
    isOpenInvitation: ({ context }, params: { key: ClientKey }) => {
      const entry = context.clients[params.key]
      return entry?.pending === true && entry.declined !== true
    },
    isOnRoster: ({ context }, params: { key: ClientKey }) => {
      const entry = linkedEntry(context.clients, params.key)
      return entry !== null && entry.archived !== true
    },
    isArchived: ({ context }, params: { key: ClientKey }) =>
      linkedEntry(context.clients, params.key)?.archived === true,
    canRetryResend: ({ context }) => context.resendFailure?.retryable === true,
    canRetryArchival: ({ context }) => context.archivalFailure?.retryable === true
  },
  delays: {
    messageTimeout: MESSAGE_TIMEOUT_MS
  }
}).createMachine({
  id: "coachClients",
  context: ({ input }) => ({
    coachId: input.coachId,
    clients: {},
    loadFailure: null,
    email: "",
    added: null,
    addRefusal: null,
    removal: null,
    removeFailure: null,
    resend: null,
    resendFailure: null,
    archival: null,
    archivalFailure: null
  }),
  initial: "loading",
  states: {
    loading: {
      entry: "forgetLoadFailure",
      invoke: {
        id: "loadClients",
        src: "loadClients",
        input: ({ context }) => ({ coachId: context.coachId }),
        onDone: {
          target: "ready",
          actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.output }) }
        },
        onError: {
          target: "loadFailed",
          actions: { type: "rememberLoadFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    loadFailed: {
      on: { "clients.retry": "loading" }
    },
    ready: {
      // A roster import (docs/decisions/049) answers the whole list; whatever is under way here goes on.
      on: {
        "clients.imported": {
          actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.clients }) }
        }
      },
      initial: "idle",
      states: {
        idle: { on: listEvents },
        // 'Invalid email format' stays until the email is edited.
        invalid: { on: { "email.change": { target: "idle", ...changeEmail } } },
        adding: {
          entry: "forgetRefusal",
          invoke: {
            id: "addClient",
            src: "addClient",
            input: ({ context }) => ({
              data: { coachId: context.coachId, clientEmail: context.email.trim() }
            }),
            onDone: {
              target: "added",
              actions: { type: "rememberAdded", params: ({ event }) => ({ clients: event.output }) }
            },
            onError: {
              target: "addFailed",
              actions: { type: "rememberRefusal", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        added: { on: listEvents, after: { messageTimeout: "idle" } },
        addFailed: { on: listEvents, after: { messageTimeout: "idle" } },
        // "End coaching with {name}?": nothing is sent until the coach confirms.
        confirmingRemoval: {
          on: {
            "removal.confirm": "removing",
            "removal.cancel": { target: "idle", actions: "forgetRemoval" }
          }
        },
        removing: {
          invoke: {
            id: "removeClient",
            src: "removeClient",
            input: ({ context }) => {
              if (context.removal === null) throw new Error("no entry chosen for removal")
              return { key: context.removal.key }
            },
            onDone: {
              target: "removed",
              actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.output }) }
            },
            onError: {
              target: "removeFailed",
              actions: { type: "rememberRemoveFailure", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        removed: { on: listEvents, after: { messageTimeout: "idle" } },
        removeFailed: {
          on: {
            "removal.retry": "removing",
            "removal.dismiss": { target: "idle", actions: "forgetRemoval" }
          }
        },
        resending: {
          invoke: {
            id: "resendInvitation",
            src: "resendInvitation",
            input: ({ context }) => {
              if (context.resend === null) throw new Error("no invitation chosen to resend")
              return { key: context.resend.key }
            },
            onDone: {
              target: "resent",
              actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.output }) }
            },
            onError: {
              target: "resendFailed",
              actions: { type: "rememberResendFailure", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        resent: { on: listEvents, after: { messageTimeout: "idle" } },
        // The server's reason stays until the coach retries or dismisses it; a 429 says
        // when to try again, and is not retried before then.
        resendFailed: {
          on: {
            "resend.retry": { guard: "canRetryResend", target: "resending" },
            "resend.dismiss": { target: "idle", actions: "forgetResend" }
          }
        },
        // "Archive {name}? Their history is kept; you can restore them from Archived."
        confirmingArchive: {
          on: {
            "archive.confirm": "archiving",
            "archive.cancel": { target: "idle", actions: "forgetArchival" }
          }
        },
        archiving: {
          invoke: {
            id: "archiveClient",
            src: "archiveClient",
            input: ({ context }) => archivalInput(context.archival),
            onDone: {
              target: "archived",
              actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.output }) }
            },
            onError: {
              target: "archiveFailed",
              actions: { type: "rememberArchivalFailure", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        archived: { on: listEvents, after: { messageTimeout: "idle" } },
        archiveFailed: {
          on: {
            "archive.retry": { guard: "canRetryArchival", target: "archiving" },
            "archive.dismiss": { target: "idle", actions: "forgetArchival" }
          }
        },
        restoring: {
          invoke: {
            id: "restoreClient",
            src: "restoreClient",
            input: ({ context }) => archivalInput(context.archival),
            onDone: {
              target: "restored",
              actions: { type: "rememberClients", params: ({ event }) => ({ clients: event.output }) }
            },
            onError: {
              target: "restoreFailed",
              actions: { type: "rememberArchivalFailure", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        restored: { on: listEvents, after: { messageTimeout: "idle" } },
        restoreFailed: {
          on: {
            "restore.retry": { guard: "canRetryArchival", target: "restoring" },
            "restore.dismiss": { target: "idle", actions: "forgetArchival" }
          }
        }
      }
    }
  }
})

export type CoachClientsMachine = typeof coachClientsMachine
