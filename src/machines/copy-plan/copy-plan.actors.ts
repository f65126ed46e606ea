import { fromPromise } from "xstate"
import type { Gateway } from "#gateway/gateway.ts"
import type { CopyPlanActors } from "./copy-plan.setup.ts"

/** What the copy screen needs from outside: the coach's clients and templates page by page, copying, and keeping templates. */
export interface CopyPlanPorts {
  readonly gateway: Pick<Gateway, "getAllClients" | "templatePage" | "copyWorkouts" | "saveTemplate" | "removeTemplate">
}

/** The copy screen's real actors, for `copyPlanMachine.provide(...)`; their types are the setup's (CopyPlanActors). */
export function copyPlanImplementations(ports: CopyPlanPorts): { readonly actors: CopyPlanActors } {
  return {
    actors: {
      loadSetup: fromPromise(async ({ input }) => {
        const api = ports.gateway
        const [clients, page] = await Promise.all([api.getAllClients(input.coachId), api.templatePage()])
        return { clients, templates: page.templates, templatesNext: page.next }
      }),
      copyWorkouts: fromPromise(async ({ input }) => ports.gateway.copyWorkouts(input)),
      saveTemplate: fromPromise(async ({ input }) => ports.gateway.saveTemplate(input)),
      removeTemplate: fromPromise(async ({ input }) => ports.gateway.removeTemplate(input.templateId)),
      moreTemplates: fromPromise(async ({ input }) => ports.gateway.templatePage({ after: input.after }))
    }
  }
}
