import { assign, fromPromise, setup } from "xstate"
import type { NewTestedMax, TestedMax } from "#domain/maxes.ts"
import { describeFailure } from "../failure-text.ts"
import { checkDraft, freshDraft, withSaved } from "./client-maxes.entry.ts"
import type {
  ClientMaxesContext,
  ClientMaxesEvent,
  ClientMaxesInput,
  LoadedMaxes,
  MaxDraft
} from "./client-maxes.types.ts"

// /coach/clients/{userId}/maxes: a client's tested maxes, current and past, and a form to
// record a new one. A new entry never replaces an old one; it joins the history, newest
// first. The form is checked here before anything is sent, so a refusal names the field.
// client-maxes.actors.ts provides the reads and the save.

type AddEvent = Extract<ClientMaxesEvent, { type: "max.add" }>

const draftOf = ({ exercise_id, value, unit, set_on }: AddEvent): MaxDraft => ({ exercise_id, value, unit, set_on })

export const clientMaxesMachine = setup({
  types: {
    context: {} as ClientMaxesContext,
    events: {} as ClientMaxesEvent,
    input: {} as ClientMaxesInput
  },
  actors: {
    loadMaxes: fromPromise<LoadedMaxes, ClientMaxesInput>(() =>
      Promise.reject(new Error("loadMaxes was not provided"))
    ),
    addMax: fromPromise<TestedMax, NewTestedMax>(() => Promise.reject(new Error("addMax was not provided")))
  },
  guards: {
    isSendable: ({ context }, { draft }: { draft: MaxDraft }) => checkDraft(context.clientId, context.today, draft).ok
  },
  actions: {
    rememberMaxes: assign(({ context }, { loaded }: { loaded: LoadedMaxes }) => ({
      entries: loaded.entries,
      clientName: loaded.clientName,
      unit: loaded.unit,
      logged: loaded.logged,
      draft: freshDraft(context.today, loaded.unit)
    })),
    holdEntry: assign(({ context }, { draft }: { draft: MaxDraft }) => {
      const checked = checkDraft(context.clientId, context.today, draft)
      return { draft, problem: null, saveError: null, pending: checked.ok ? checked.entry : null }
    }),
    refuseDraft: assign(({ context }, { draft }: { draft: MaxDraft }) => {
      const checked = checkDraft(context.clientId, context.today, draft)
      return { draft, problem: checked.ok ? null : checked.problem, saveError: null }
    }),
    keepSaved: assign(({ context }, { saved }: { saved: TestedMax }) => ({
      entries: withSaved(context.entries, saved),
      draft: freshDraft(context.today, context.unit),
      formVersion: context.formVersion + 1,
      pending: null
    })),
    noteSaveFailure: assign((_, { error }: { error: unknown }) => ({
      saveError: `The max was not saved. ${describeFailure(error)}`
    })),
    forgetSaveFailure: assign({ saveError: null, pending: null })
  }
}).createMachine({
  id: "clientMaxes",
  context: ({ input }) => ({
    ...input,
    entries: [],
    clientName: null,
    unit: "lb",
    logged: null,
    draft: freshDraft(input.today),
    formVersion: 0,
    problem: null,
    pending: null,
    saveError: null
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadMaxes",
        src: "loadMaxes",
        input: ({ context }) => ({
          coachId: context.coachId,
          clientId: context.clientId,
          today: context.today,
          utcOffset: context.utcOffset
        }),
        onDone: {
          target: "showing",
          actions: { type: "rememberMaxes", params: ({ event }) => ({ loaded: event.output }) }
        },
        onError: "failed"
      }
    },
    failed: { on: { "maxes.retry": "loading" } },
    showing: {
      initial: "editing",
      states: {
        editing: { on: { "max.add": addTransitions() } },
        invalid: { on: { "max.add": addTransitions() } },
        saving: {
          invoke: {
            id: "addMax",
            src: "addMax",
            // holdEntry set it on the way in; a retry sends the same entry again.
            input: ({ context }) => context.pending as NewTestedMax,
            onDone: {
              target: "editing",
              actions: { type: "keepSaved", params: ({ event }) => ({ saved: event.output }) }
            },
            onError: {
              target: "saveFailed",
              actions: { type: "noteSaveFailure", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        saveFailed: {
          on: {
            "max.add": addTransitions(),
            "max.save.retry": "saving",
            "max.save.dismiss": { target: "editing", actions: "forgetSaveFailure" }
          }
        }
      }
    }
  }
})

/** Sent when the form checks out, refused with the field's message when it does not. */
function addTransitions() {
  return [
    {
      guard: { type: "isSendable", params: ({ event }: { event: AddEvent }) => ({ draft: draftOf(event) }) },
      target: "saving",
      actions: { type: "holdEntry", params: ({ event }: { event: AddEvent }) => ({ draft: draftOf(event) }) }
    },
    {
      target: "invalid",
      actions: { type: "refuseDraft", params: ({ event }: { event: AddEvent }) => ({ draft: draftOf(event) }) }
    }
  ] as const
}

export type ClientMaxesMachine = typeof clientMaxesMachine
