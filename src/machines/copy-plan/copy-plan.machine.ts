import { copyPlanSetup, initialCopyContext, planEdits } from "./copy-plan.setup.ts"
import { libraryRegion, templatePagesRegion } from "./copy-plan.library.ts"
import { planRequest } from "./copy-plan.plan.ts"
import type { CopyPlanContext } from "./copy-plan.types.ts"

// /coach/copy/{userId}/{date}: copy a workout, the day or its week (or a template) to
// the coach's clients, repeated week after week with a change per repeat. The coach
// previews (the server's dry run) and confirms the very plan previewed: any edit forgets
// the preview, and the confirmed copy carries one key so a retry creates nothing twice.
// copy-plan.actors.ts provides the calls; copy-plan.library.ts keeps the templates and
// reads their further pages.

const requestOf =
  (dryRun: boolean) =>
  ({ context }: { context: CopyPlanContext }) => {
    const request = planRequest(context, dryRun)
    // Only a sendable plan reaches these states (isPlanSendable); a plan refused here is a defect.
    if ("problem" in request) throw new Error(request.problem.message)
    return request.ok
  }

const refusedOrFailed = (failed: string) =>
  [
    {
      guard: { type: "isRefusal", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      target: "editing",
      actions: { type: "noteRefusal", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }
    },
    {
      target: failed,
      actions: {
        type: "rememberFailure",
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error })
      }
    }
  ] as const

export const copyPlanMachine = copyPlanSetup.createMachine({
  id: "copyPlan",
  context: ({ input }) => initialCopyContext(input),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadSetup",
        src: "loadSetup",
        input: ({ context }) => ({ coachId: context.coachId }),
        onDone: [
          {
            guard: { type: "isOwnClient", params: ({ event }) => ({ setup: event.output }) },
            target: "ready",
            actions: { type: "rememberSetup", params: ({ event }) => ({ setup: event.output }) }
          },
          { target: "notFound" }
        ],
        onError: {
          target: "loadFailed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    loadFailed: { on: { "setup.retry": { target: "loading", actions: "clearFailure" } } },
    // The day's client is not one of this coach's clients: nothing of theirs is shown.
    notFound: {},
    ready: {
      type: "parallel",
      // A program file kept as a template on this screen (docs/decisions/049) joins the list at once.
      on: {
        "template.imported": {
          actions: { type: "includeTemplate", params: ({ event }) => ({ template: event.template }) }
        }
      },
      states: {
        plan: {
          initial: "editing",
          states: {
            editing: {
              on: {
                ...planEdits,
                "plan.preview": [
                  {
                    guard: "isPlanSendable",
                    target: "previewing",
                    actions: { type: "startPreview", params: ({ event }) => ({ planKey: event.planKey }) }
                  },
                  { actions: "notePlanProblem" }
                ]
              }
            },
            previewing: {
              invoke: {
                id: "previewCopy",
                src: "copyWorkouts",
                input: requestOf(true),
                onDone: {
                  target: "previewed",
                  actions: { type: "rememberReport", params: ({ event }) => ({ report: event.output }) }
                },
                onError: refusedOrFailed("previewFailed")
              }
            },
            previewFailed: { on: { ...planEdits, "copy.retry": { target: "previewing", actions: "clearFailure" } } },
            previewed: {
              on: { ...planEdits, "plan.create": { guard: "hasDaysToCreate", target: "creating" } }
            },
            creating: {
              invoke: {
                id: "createCopy",
                src: "copyWorkouts",
                input: requestOf(false),
                onDone: {
                  target: "created",
                  actions: { type: "rememberReport", params: ({ event }) => ({ report: event.output }) }
                },
                onError: refusedOrFailed("createFailed")
              }
            },
            // The preview stays on screen: a retry sends the same plan with the same key.
            createFailed: { on: { ...planEdits, "copy.retry": { target: "creating", actions: "clearFailure" } } },
            created: { on: { "copy.again": { target: "editing", actions: "forgetReport" } } }
          }
        },
        library: libraryRegion,
        templatePages: templatePagesRegion
      }
    }
  }
})

export type CopyPlanMachine = typeof copyPlanMachine
