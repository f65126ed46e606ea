import type { IsoDate } from "#domain/calendar.ts"
import type { CopyReport } from "#domain/copy-plan.ts"
import type { Unit } from "#domain/units.ts"
import type { UserId } from "#domain/ids.ts"
import type { Template, TemplateCursor, TemplateId, Templates } from "#domain/templates.ts"
import type { WorkoutOrder } from "#domain/workout-edits.ts"
import type { ClientLookup, IdempotencyKey } from "#domain/workout.ts"

/** What the coach copies from the day they came from; a saved template is chosen by id beside these. */
export type SourceChoice = "workout" | "day" | "week" | "template"

/**
 * One copied week as typed (the first copy is week 1): the fields stay text until a
 * preview reads them. Percentages move by points, weights by an amount in `weightUnit`
 * (docs/decisions/040).
 */
export interface RepeatDraft {
  readonly kind: "progress" | "deload"
  readonly percentPoints: string
  readonly weight: string
  readonly weightUnit: Unit
  readonly reps: string
  readonly sets: string
}

/** The part of the screen a refusal concerns, so its words sit next to it. */
export type PlanPart = "source" | "targets" | "repeats" | "plan"

export interface PlanProblem {
  readonly part: PlanPart
  readonly message: string
}

export interface CopyPlanInput {
  readonly coachId: UserId
  /** The client and day the coach came from. */
  readonly clientId: UserId
  readonly date: IsoDate
  /** ?workout=: one workout of that day, or null for the day or its week. */
  readonly workoutOrder: WorkoutOrder | null
}

export interface CopyPlanContext extends CopyPlanInput {
  readonly clients: ClientLookup
  /** The coach's templates as far as their pages were read, with any saved or imported here. */
  readonly templates: Templates
  /** Where the list of templates goes on (the last page's `next`); null once all are listed. */
  readonly templatesNext: TemplateCursor | null
  /** Why the next page of templates did not come, in words (describeFailure). */
  readonly templatesFailure: string | null
  readonly source: SourceChoice
  readonly templateId: TemplateId | null
  readonly targets: ReadonlyArray<UserId>
  /** "Starting on" as the date input holds it ("" while cleared); only the coach changes it. */
  readonly start: string
  /** Every copied week, the first copy included: at least one. */
  readonly repeats: ReadonlyArray<RepeatDraft>
  readonly addOnBusyDays: boolean
  /** The previewed plan's key, sent again by every retry of its creation. */
  readonly planKey: IdempotencyKey | null
  /** The preview, then the final report. */
  readonly report: CopyReport | null
  readonly problem: PlanProblem | null
  /** Why the last call did not reach the server, in words (describeFailure). */
  readonly failure: string | null
  /** Templates: the name typed, the one waiting for a confirmed removal, what the server last said. */
  readonly templateName: string
  readonly removal: TemplateId | null
  readonly templateNotice: TemplateNotice | null
}

export type TemplateNotice =
  | { readonly kind: "saved"; readonly name: string }
  | { readonly kind: "refused"; readonly about: TemplateCall; readonly message: string }
  | { readonly kind: "removed"; readonly name: string }
  /** The call did not reach the server: the state says which one a retry repeats. */
  | { readonly kind: "failed"; readonly about: TemplateCall; readonly message: string }

/** Which template call a refusal or failure answered, so its words sit beside that control. */
export type TemplateCall = "save" | "remove"

/** What loading the screen reads: the coach's clients and the first page of their templates. */
export interface CopySetup {
  readonly clients: ClientLookup
  readonly templates: Templates
  readonly templatesNext: TemplateCursor | null
}

export type RepeatChange = Partial<RepeatDraft>

/** Events that change the plan: each one invalidates a preview. */
export type PlanEditEvent =
  | { readonly type: "source.choose"; readonly source: Exclude<SourceChoice, "template"> }
  | { readonly type: "template.choose"; readonly templateId: TemplateId }
  | { readonly type: "target.toggle"; readonly clientId: UserId; readonly chosen: boolean }
  | { readonly type: "start.change"; readonly start: string }
  | { readonly type: "repeats.count"; readonly count: number }
  | { readonly type: "repeat.change"; readonly week: number; readonly change: RepeatChange }
  | { readonly type: "repeats.fill" }
  | { readonly type: "busyDays.change"; readonly add: boolean }

export type CopyPlanEvent =
  | PlanEditEvent
  | { readonly type: "setup.retry" }
  | { readonly type: "plan.preview"; readonly planKey: IdempotencyKey }
  | { readonly type: "plan.create" }
  | { readonly type: "copy.retry" }
  | { readonly type: "copy.again" }
  | { readonly type: "templateName.change"; readonly name: string }
  | { readonly type: "template.save" }
  | { readonly type: "template.remove"; readonly templateId: TemplateId }
  | { readonly type: "removal.confirm" }
  | { readonly type: "removal.cancel" }
  | { readonly type: "library.retry" }
  /** The next page of templates (docs/decisions/051), while the list goes on. */
  | { readonly type: "templates.more" }
  /** A program file kept as a template (src/machines/program-files), to list with the others. */
  | { readonly type: "template.imported"; readonly template: Template }
