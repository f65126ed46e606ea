import { isIsoDate, nextWeek, startOfWeek, type IsoDate } from "#domain/calendar.ts"
import { COPY_LIMITS, type CopyPayload, type CopySource, type WeekStep } from "#domain/copy-plan.ts"
import type { TemplateSource } from "#domain/templates.ts"
import type { IdempotencyKey } from "#domain/workout.ts"
import type { CopyPlanContext, CopyPlanInput, PlanProblem, RepeatDraft, SourceChoice } from "./copy-plan.types.ts"

/*
 * The plan as the coach fills it in, turned into the one request the server takes
 * (CopyPayload). Pure: the machine's guards and the request's input both read it, so a
 * plan that cannot be sent is said once, here, before anything is sent.
 */

export const NO_CHANGE: RepeatDraft = {
  kind: "progress",
  percentPoints: "0",
  weight: "0",
  weightUnit: "lb",
  reps: "0",
  sets: "0"
}

export const defaultSource = (input: CopyPlanInput): SourceChoice => (input.workoutOrder === null ? "day" : "workout")

/**
 * The same weekday one week later: the copy's start until the coach picks another. Choosing
 * what to copy never moves it: a week keeps its weekdays from whatever start (ADR 040).
 */
export const defaultStart = (date: IsoDate): IsoDate => nextWeek(date)

/** `count` weeks (1..13): kept as typed where they exist, a week of no change where they do not. */
export const resizeRepeats = (repeats: ReadonlyArray<RepeatDraft>, count: number): ReadonlyArray<RepeatDraft> => {
  const wanted = Math.max(1, Math.min(COPY_LIMITS.weeks, Math.trunc(count)))
  return Array.from({ length: wanted }, (_, index) => repeats[index] ?? NO_CHANGE)
}

export const copySourceOf = (context: CopyPlanContext): CopySource | null => {
  const { clientId, date, workoutOrder } = context
  switch (context.source) {
    case "workout":
      return workoutOrder === null ? null : { kind: "workout", clientId, date, workoutOrder }
    case "day":
      return { kind: "day", clientId, date }
    case "week":
      return { kind: "week", clientId, from: startOfWeek(date) }
    case "template":
      return context.templateId === null ? null : { kind: "template", templateId: context.templateId }
  }
}

/** What "Save as template" saves: the workout or the week; a day or a template is not offered. */
export const templateSourceOf = (context: CopyPlanContext): TemplateSource | null => {
  const source = copySourceOf(context)
  return source?.kind === "workout" || source?.kind === "week" ? source : null
}

const numberIn = (text: string, limit: number, whole: boolean): number | null => {
  const trimmed = text.trim()
  const value = trimmed === "" ? 0 : Number(trimmed)
  if (!Number.isFinite(value) || Math.abs(value) > limit) return null
  return whole && !Number.isInteger(value) ? null : value
}

type Read<T> = { readonly ok: T } | { readonly problem: PlanProblem }

const repeatsProblem = (week: number, message: string): { problem: PlanProblem } => ({
  problem: { part: "repeats", message: `Week ${week + 1}: ${message}` }
})

/** Each week row as the step it asks for; the first row that cannot be read says why. */
export const readRepeats = (drafts: ReadonlyArray<RepeatDraft>): Read<ReadonlyArray<WeekStep>> => {
  const steps: Array<WeekStep> = []
  for (const [week, draft] of drafts.entries()) {
    if (draft.kind === "deload") {
      steps.push({ kind: "deload" })
      continue
    }
    const percentPoints = numberIn(draft.percentPoints, COPY_LIMITS.percentPoints, false)
    const weight = numberIn(draft.weight, COPY_LIMITS.weightStep, false)
    const reps = numberIn(draft.reps, COPY_LIMITS.reps, true)
    const sets = numberIn(draft.sets, COPY_LIMITS.sets, true)
    if (percentPoints === null)
      return repeatsProblem(
        week,
        `% of max and e1RM change must be a number of points from -${COPY_LIMITS.percentPoints} to ${COPY_LIMITS.percentPoints}.`
      )
    if (weight === null)
      return repeatsProblem(
        week,
        `weight change must be a number of ${draft.weightUnit} from -${COPY_LIMITS.weightStep} to ${COPY_LIMITS.weightStep}.`
      )
    if (reps === null)
      return repeatsProblem(
        week,
        `reps change must be a whole number from -${COPY_LIMITS.reps} to ${COPY_LIMITS.reps}.`
      )
    if (sets === null)
      return repeatsProblem(
        week,
        `sets change must be a whole number from -${COPY_LIMITS.sets} to ${COPY_LIMITS.sets}.`
      )
    steps.push({ kind: "progress", percentPoints, weight: { amount: weight, unit: draft.weightUnit }, reps, sets })
  }
  return { ok: steps }
}

export const CHOOSE_TEMPLATE = "Choose a template to copy."
export const CHOOSE_CLIENT = "Choose at least one client."
export const TOO_MANY_CLIENTS = `Choose at most ${COPY_LIMITS.targets} clients.`
export const CHOOSE_START = "Choose the day the copy starts on."

/** The request for the plan, or what keeps it from being sent. */
export const planRequest = (context: CopyPlanContext, dryRun: boolean): Read<CopyPayload> => {
  const source = copySourceOf(context)
  if (source === null) return { problem: { part: "source", message: CHOOSE_TEMPLATE } }
  if (context.targets.length === 0) return { problem: { part: "targets", message: CHOOSE_CLIENT } }
  if (context.targets.length > COPY_LIMITS.targets) return { problem: { part: "targets", message: TOO_MANY_CLIENTS } }
  if (!isIsoDate(context.start)) return { problem: { part: "targets", message: CHOOSE_START } }
  const repeats = readRepeats(context.repeats)
  if ("problem" in repeats) return repeats
  const start = context.start
  return {
    ok: {
      source,
      targets: context.targets.map((clientId) => ({ clientId, start })),
      weeks: repeats.ok,
      onBusyDay: context.addOnBusyDays ? "add" : "skip",
      dryRun,
      idempotencyKey: (dryRun ? previewKeyOf(context.planKey) : context.planKey) as IdempotencyKey
    }
  }
}

/*
 * A preview stores nothing, but it has a key of its own all the same, so the plan's key
 * is first seen by the server on the confirmed copy and a retry of it creates nothing twice.
 */
const previewKeyOf = (planKey: IdempotencyKey | null): string => `${planKey ?? ""}-preview`

/**
 * "Preview" as an event: a fresh key names the plan previewed, kept by the machine so the
 * confirmed copy and every retry of it send the same one. 128 random bits as hex
 * (getRandomValues, unlike randomUUID, is there on plain http too).
 */
export const previewEvent = () =>
  ({
    type: "plan.preview",
    planKey: Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(
      ""
    )
  }) as const

/**
 * Which part of the screen a refusal's message concerns: the server's messages begin with
 * the field they name ("targets[1].start: …"); a message without one is read for its words.
 */
export const partOfMessage = (message: string): PlanProblem["part"] => {
  const field = /^([A-Za-z]+)[[.:]/.exec(message)?.[1] ?? message
  if (/template|source/i.test(field)) return "source"
  if (/^targets|client|start/i.test(field)) return "targets"
  if (/repeat|weeks|loadPercent|percentPoints|deload/i.test(field)) return "repeats"
  return "plan"
}
