import { templateSourceOf } from "./copy-plan.plan.ts"
import { copyPlanSetup } from "./copy-plan.setup.ts"
import type { CopyPlanContext } from "./copy-plan.types.ts"

/*
 * The coach's templates beside the plan: saving the source workout or week under a name,
 * and removing one after a confirmation. "Saved as template" is said only once the server
 * answered; a taken name (TemplateNameTaken) says so beside the name field.
 */

const changeName = {
  actions: {
    type: "changeTemplateName",
    params: ({ event }: { event: { name: string } }) => ({ name: event.name })
  }
} as const

const askRemoval = {
  target: "confirming",
  actions: {
    type: "askRemoval",
    params: ({ event }: { event: { templateId: CopyPlanContext["removal"] & number } }) => ({
      templateId: event.templateId
    })
  }
} as const

const save = [{ guard: "isTemplateNamed", target: "saving" }, { actions: "noteUnnamedTemplate" }] as const

const removalInput = ({ context }: { context: CopyPlanContext }) => ({ templateId: context.removal ?? (0 as never) })

export const libraryRegion = copyPlanSetup.createStateConfig({
  initial: "idle",
  states: {
    idle: {
      on: { "templateName.change": changeName, "template.save": save, "template.remove": askRemoval }
    },
    confirming: {
      on: {
        "removal.confirm": "removing",
        "removal.cancel": { target: "idle", actions: "cancelRemoval" },
        "template.remove": askRemoval
      }
    },
    removing: {
      invoke: {
        id: "removeTemplate",
        src: "removeTemplate",
        input: removalInput,
        onDone: {
          target: "idle",
          actions: [
            { type: "forgetTemplate", params: ({ event }) => ({ templateId: event.output.id }) },
            { type: "leaveRemovedSource", params: ({ event }) => ({ templateId: event.output.id }) }
          ]
        },
        onError: [
          {
            guard: { type: "isRefusal", params: ({ event }) => ({ error: event.error }) },
            target: "idle",
            actions: [
              "cancelRemoval",
              { type: "noteTemplateRefusal", params: ({ event }) => ({ error: event.error, about: "remove" as const }) }
            ]
          },
          {
            target: "removeFailed",
            actions: {
              type: "noteTemplateFailure",
              params: ({ event }) => ({ error: event.error, about: "remove" as const })
            }
          }
        ]
      }
    },
    removeFailed: {
      on: {
        "library.retry": { target: "removing", actions: "clearTemplateNotice" },
        "removal.cancel": { target: "idle", actions: "cancelRemoval" }
      }
    },
    saving: {
      invoke: {
        id: "saveTemplate",
        src: "saveTemplate",
        input: ({ context }) => ({
          name: context.templateName.trim(),
          source: templateSourceOf(context) ?? (null as never)
        }),
        onDone: {
          target: "idle",
          actions: { type: "addTemplate", params: ({ event }) => ({ template: event.output }) }
        },
        onError: [
          {
            guard: { type: "isRefusal", params: ({ event }) => ({ error: event.error }) },
            target: "idle",
            actions: {
              type: "noteTemplateRefusal",
              params: ({ event }) => ({ error: event.error, about: "save" as const })
            }
          },
          {
            target: "saveFailed",
            actions: {
              type: "noteTemplateFailure",
              params: ({ event }) => ({ error: event.error, about: "save" as const })
            }
          }
        ]
      }
    },
    saveFailed: {
      on: {
        "library.retry": { target: "saving", actions: "clearTemplateNotice" },
        "templateName.change": { target: "idle", ...changeName }
      }
    }
  }
})

/**
 * The list's further pages (GET /api/templates/page, docs/decisions/051): the screen loads
 * the first with the clients; "Show more templates" reads the next while the list goes on.
 * Beside the library, so saving or removing a template does not wait on a page.
 */
export const templatePagesRegion = copyPlanSetup.createStateConfig({
  initial: "idle",
  states: {
    idle: { on: { "templates.more": { guard: "hasMoreTemplates", target: "loading" } } },
    loading: {
      invoke: {
        id: "moreTemplates",
        src: "moreTemplates",
        // Only a list that goes on reaches this state (hasMoreTemplates), and it goes on until a page answers.
        input: ({ context }) => ({ after: context.templatesNext ?? (null as never) }),
        onDone: {
          target: "idle",
          actions: { type: "rememberTemplatePage", params: ({ event }) => ({ page: event.output }) }
        },
        onError: {
          target: "failed",
          actions: { type: "rememberTemplatesFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    // The list stays as it was; asking again reads the same page.
    failed: { on: { "templates.more": { target: "loading", actions: "clearTemplatesFailure" } } }
  }
})
