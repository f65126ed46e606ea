import { fromPromise } from "xstate"
import type { CopyPayload, CopyReport } from "#domain/copy-plan.ts"
import type { UserId } from "#domain/ids.ts"
import type {
  NewTemplate,
  RemovedTemplate,
  Template,
  TemplateCursor,
  TemplateId,
  TemplatePage
} from "#domain/templates.ts"
import type { Gateway } from "#gateway/gateway.ts"
import type { CopySetup } from "./copy-plan.types.ts"

/** What the copy screen needs from outside: the coach's clients and templates page by page, copying, and keeping templates. */
export interface CopyPlanPorts {
  readonly gateway: Pick<Gateway, "getAllClients" | "templatePage" | "copyWorkouts" | "saveTemplate" | "removeTemplate">
}

/** The copy screen's real actors, for `copyPlanMachine.provide(...)`. */
export function copyPlanImplementations(ports: CopyPlanPorts) {
  return {
    actors: {
      loadSetup: fromPromise<CopySetup, { readonly coachId: UserId }>(async ({ input }) => {
        const api = ports.gateway
        const [clients, page] = await Promise.all([api.getAllClients(input.coachId), api.templatePage()])
        return { clients, templates: page.templates, templatesNext: page.next }
      }),
      copyWorkouts: fromPromise<CopyReport, CopyPayload>(async ({ input }) => ports.gateway.copyWorkouts(input)),
      saveTemplate: fromPromise<Template, NewTemplate>(async ({ input }) => ports.gateway.saveTemplate(input)),
      removeTemplate: fromPromise<RemovedTemplate, { readonly templateId: TemplateId }>(async ({ input }) =>
        ports.gateway.removeTemplate(input.templateId)
      ),
      moreTemplates: fromPromise<TemplatePage, { readonly after: TemplateCursor }>(async ({ input }) =>
        ports.gateway.templatePage({ after: input.after })
      )
    }
  }
}
