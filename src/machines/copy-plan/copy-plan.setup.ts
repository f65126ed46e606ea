import { assign, enqueueActions, fromPromise, setup } from "xstate"
import type { CopyPayload, CopyReport } from "#domain/copy-plan.ts"
import { hasTag, isDeclaredError } from "#domain/declared-errors.ts"
import type { UserId } from "#domain/ids.ts"
import {
  MAX_TEMPLATE_NAME_LENGTH,
  type NewTemplate,
  type RemovedTemplate,
  type Template,
  type TemplateCursor,
  type TemplateId,
  type TemplatePage
} from "#domain/templates.ts"
import { describeFailure } from "../failure-text.ts"
import { activeClients } from "#domain/active-clients.ts"
import {
  defaultSource,
  defaultStart,
  NO_CHANGE,
  partOfMessage,
  planRequest,
  resizeRepeats,
  templateSourceOf
} from "./copy-plan.plan.ts"
import type {
  CopyPlanContext,
  CopyPlanEvent,
  CopyPlanInput,
  CopySetup,
  PlanEditEvent,
  SourceChoice,
  TemplateCall
} from "./copy-plan.types.ts"

/*
 * The copy screen's setup, shared by the chart (copy-plan.machine.ts) and its template
 * region (copy-plan.library.ts). Refusals the server declares (400, 403, 404, 409) are
 * data shown beside the part they concern; anything else did not reach the server and
 * is offered again.
 */

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} was not provided`))

export const NAME_THE_TEMPLATE = "Name the template first."
export const nameTaken = (name: string) => `You already have a template named “${name}”. Choose another name.`

const refusalText = (error: unknown): string =>
  typeof error === "object" && error !== null && "error" in error && typeof error.error === "string"
    ? error.error
    : describeFailure(error)

/** A plan edit, whatever it is: the preview it invalidates is forgotten with it. */
const editPlan = (context: CopyPlanContext, event: PlanEditEvent): Partial<CopyPlanContext> => {
  switch (event.type) {
    case "source.choose":
    case "template.choose": {
      const source: SourceChoice = event.type === "template.choose" ? "template" : event.source
      const templateId = event.type === "template.choose" ? event.templateId : null
      // The start stays where it is: a week keeps its weekdays from any start (ADR 040).
      return { source, templateId }
    }
    case "target.toggle": {
      const others = context.targets.filter((clientId) => clientId !== event.clientId)
      return { targets: event.chosen ? [...others, event.clientId] : others }
    }
    case "start.change":
      return { start: event.start }
    case "repeats.count":
      return { repeats: resizeRepeats(context.repeats, event.count) }
    case "repeat.change":
      return {
        repeats: context.repeats.map((row, week) => (week === event.week ? { ...row, ...event.change } : row))
      }
    case "repeats.fill": {
      const first = context.repeats[0]
      return first === undefined ? {} : { repeats: context.repeats.map(() => first) }
    }
    case "busyDays.change":
      return { addOnBusyDays: event.add }
  }
}

export const initialCopyContext = (input: CopyPlanInput): CopyPlanContext => {
  const source = defaultSource(input)
  return {
    ...input,
    clients: {},
    templates: [],
    templatesNext: null,
    templatesFailure: null,
    source,
    templateId: null,
    targets: [input.clientId],
    start: defaultStart(input.date),
    repeats: [NO_CHANGE],
    addOnBusyDays: false,
    planKey: null,
    report: null,
    problem: null,
    failure: null,
    templateName: "",
    removal: null,
    templateNotice: null
  }
}

// Each call's types, stated once: copy-plan.actors.ts provides these, typed by CopyPlanActors.
const actors = {
  loadSetup: fromPromise<CopySetup, { readonly coachId: UserId }>(notProvided("loadSetup")),
  copyWorkouts: fromPromise<CopyReport, CopyPayload>(notProvided("copyWorkouts")),
  saveTemplate: fromPromise<Template, NewTemplate>(notProvided("saveTemplate")),
  removeTemplate: fromPromise<RemovedTemplate, { readonly templateId: TemplateId }>(notProvided("removeTemplate")),
  moreTemplates: fromPromise<TemplatePage, { readonly after: TemplateCursor }>(notProvided("moreTemplates"))
}

/** The calls the copy screen makes: what copy-plan.actors.ts implements. */
export type CopyPlanActors = typeof actors

export const copyPlanSetup = setup({
  types: {
    context: {} as CopyPlanContext,
    events: {} as CopyPlanEvent,
    input: {} as CopyPlanInput
  },
  actors,
  guards: {
    isOwnClient: ({ context }, params: { setup: CopySetup }) =>
      activeClients(params.setup.clients).some((client) => client.id === context.clientId),
    isRefusal: (_, params: { error: unknown }) => isDeclaredError(params.error),
    isPlanSendable: ({ context }) => "ok" in planRequest(context, true),
    hasMoreTemplates: ({ context }) => context.templatesNext !== null,
    hasDaysToCreate: ({ context }) => context.report?.days.some((day) => day.status === "created") ?? false,
    isTemplateNamed: ({ context }) => {
      const name = context.templateName.trim()
      return name !== "" && name.length <= MAX_TEMPLATE_NAME_LENGTH && templateSourceOf(context) !== null
    }
  },
  actions: {
    rememberSetup: assign((_, params: { setup: CopySetup }) => ({
      clients: params.setup.clients,
      templates: params.setup.templates,
      templatesNext: params.setup.templatesNext
    })),
    // A template saved or imported here may come again in a later page: it is listed once.
    rememberTemplatePage: assign(({ context }, params: { page: TemplatePage }) => ({
      templates: withTemplates(context.templates, params.page.templates),
      templatesNext: params.page.next,
      templatesFailure: null
    })),
    rememberTemplatesFailure: assign((_, params: { error: unknown }) => ({
      templatesFailure: describeFailure(params.error)
    })),
    clearTemplatesFailure: assign({ templatesFailure: null }),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: describeFailure(params.error) })),
    editPlan: assign(({ context }, params: { event: PlanEditEvent }) => ({
      ...editPlan(context, params.event),
      report: null,
      planKey: null,
      problem: null,
      failure: null
    })),
    notePlanProblem: assign(({ context }) => {
      const request = planRequest(context, true)
      return { problem: "problem" in request ? request.problem : null }
    }),
    startPreview: assign((_, params: { planKey: string }) => ({
      planKey: params.planKey,
      problem: null,
      failure: null
    })),
    clearFailure: assign({ failure: null }),
    rememberReport: assign((_, params: { report: CopyReport }) => ({ report: params.report, failure: null })),
    noteRefusal: assign((_, params: { error: unknown }) => {
      const message = refusalText(params.error)
      return { problem: { part: partOfMessage(message), message }, report: null, planKey: null }
    }),
    forgetReport: assign({ report: null, planKey: null, problem: null, failure: null }),
    changeTemplateName: assign((_, params: { name: string }) => ({ templateName: params.name, templateNotice: null })),
    noteUnnamedTemplate: assign({ templateNotice: { kind: "refused", about: "save", message: NAME_THE_TEMPLATE } }),
    clearTemplateNotice: assign({ templateNotice: null }),
    addTemplate: assign(({ context }, params: { template: Template }) => ({
      templates: withTemplate(context.templates, params.template),
      templateName: "",
      templateNotice: { kind: "saved", name: params.template.name }
    })),
    includeTemplate: assign(({ context }, params: { template: Template }) => ({
      templates: withTemplate(context.templates, params.template)
    })),
    noteTemplateRefusal: assign(({ context }, params: { error: unknown; about: TemplateCall }) => ({
      templateNotice: {
        kind: "refused",
        about: params.about,
        message: hasTag(params.error, "TemplateNameTaken")
          ? nameTaken(context.templateName.trim())
          : refusalText(params.error)
      }
    })),
    noteTemplateFailure: assign((_, params: { error: unknown; about: TemplateCall }) => ({
      templateNotice: { kind: "failed", about: params.about, message: describeFailure(params.error) }
    })),
    askRemoval: assign((_, params: { templateId: TemplateId }) => ({
      removal: params.templateId,
      templateNotice: null
    })),
    cancelRemoval: assign({ removal: null, templateNotice: null }),
    forgetTemplate: assign(({ context }, params: { templateId: TemplateId }) => ({
      templates: context.templates.filter((template) => template.id !== params.templateId),
      removal: null,
      templateNotice: {
        kind: "removed",
        name: context.templates.find((template) => template.id === params.templateId)?.name ?? ""
      }
    })),
    // A removed template cannot stay the plan's source: the plan goes back to the day it came from.
    leaveRemovedSource: enqueueActions(({ context, enqueue }, params: { templateId: TemplateId }) => {
      if (context.source === "template" && context.templateId === params.templateId)
        enqueue.raise({ type: "source.choose", source: defaultSource(context) as Exclude<SourceChoice, "template"> })
    })
  }
})

/** The list with each of `more` in it once, by name as the server lists them (case aside, then id). */
const withTemplates = (templates: ReadonlyArray<Template>, more: ReadonlyArray<Template>): ReadonlyArray<Template> => {
  const added = new Set(more.map((template) => template.id))
  return [...templates.filter((each) => !added.has(each.id)), ...more].sort(
    (a, b) => a.name.localeCompare(b.name, "en-US", { sensitivity: "base" }) || a.id - b.id
  )
}

const withTemplate = (templates: ReadonlyArray<Template>, template: Template) => withTemplates(templates, [template])

const edit = {
  target: "#copyPlan.ready.plan.editing",
  actions: { type: "editPlan", params: ({ event }: { event: PlanEditEvent }) => ({ event }) }
} as const

/** Every plan edit, each one back to editing and forgetting any preview it invalidates. */
export const planEdits = {
  "source.choose": edit,
  "template.choose": edit,
  "target.toggle": edit,
  "start.change": edit,
  "repeats.count": edit,
  "repeat.change": edit,
  "repeats.fill": edit,
  "busyDays.change": edit
} as const
