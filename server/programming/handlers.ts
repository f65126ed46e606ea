import { and, eq, inArray } from "drizzle-orm"
import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "#domain/api.ts"
import { BadRequest } from "#domain/api-errors.ts"
import { addDays, isIsoDate } from "#domain/calendar.ts"
import { lastLandingOffset } from "#domain/copy-landing.ts"
import { type CopyPayload, MAX_COPY_SETS } from "#domain/copy-plan.ts"
import { countText } from "#domain/count-text.ts"
import type { UserId } from "#domain/ids.ts"
import { readTemplateCursor } from "#domain/template-cursor.ts"
import { type RemovedTemplate, TEMPLATE_CURSOR_MESSAGE, TEMPLATE_PAGE_SIZE } from "#domain/templates.ts"
import { TemplateNameTaken, TemplateNotFound } from "#domain/template-errors.ts"
import { copiedWeekRules } from "#domain/week-transforms.ts"
import { ClientNotFound, KeyReused } from "#domain/workout-errors.ts"
import { currentCoach } from "../account.ts"
import type { Db } from "../db/client.ts"
import { currentLink } from "../clients/current-link.ts"
import { coachClients } from "../db/schema.ts"
import { Database, makeRun, type Run } from "../services.ts"
import { type ContentSource, readContent } from "./content.ts"
import { copyWorkouts } from "./copy-repository.ts"
import { MAX_CREATED_DAYS } from "./plan.ts"
import { listTemplates, removeTemplate, saveTemplate, templatePage, tooManyTemplates } from "./templates-repository.ts"

/*
 * Copying, repeating and templates (docs/decisions/025). Only coaches; every
 * client a request names must be on the caller's list, checked before anything is read
 * or written, so a copy never reads from or lands on another coach's client.
 */

interface NamedClient {
  /** Where the request names it, for the message: "targets[2].clientId". */
  readonly path: string
  readonly id: UserId
}

async function linkedOf(db: Db, coachId: UserId, ids: ReadonlyArray<UserId>): Promise<ReadonlySet<UserId>> {
  const rows = await db
    .select({ clientId: coachClients.clientId })
    .from(coachClients)
    .where(and(eq(coachClients.coachId, coachId), inArray(coachClients.clientId, [...new Set(ids)]), currentLink))
  return new Set(rows.flatMap((row) => (row.clientId === null ? [] : [row.clientId])))
}

/** ClientNotFound naming the first client of `named` that is not on the coach's list. */
const requireLinked = (run: Run, coachId: UserId, named: ReadonlyArray<NamedClient>) =>
  Effect.gen(function* () {
    if (named.length === 0) return
    const linked = yield* run((db) =>
      linkedOf(
        db,
        coachId,
        named.map((client) => client.id)
      )
    )
    const stranger = named.find((client) => !linked.has(client.id))
    if (stranger !== undefined)
      return yield* new ClientNotFound({
        error: `${stranger.path}: no client with id ${stranger.id} on your client list`
      })
  })

const emptySource = (source: ContentSource) =>
  new BadRequest({
    error:
      source.kind === "workout"
        ? `source: client ${source.clientId} has no workout ${source.workoutOrder} on ${source.date}`
        : source.kind === "day"
          ? `source: client ${source.clientId} has no workouts on ${source.date}`
          : `source: client ${source.clientId} has no workouts in the 7 days from ${source.from}`
  })

/** The furthest a copy lands from a target's start: the last day of its last copied week. */
const lastLandingDay = (payload: CopyPayload) => lastLandingOffset(copiedWeekRules(payload).length)

/** The field that says how many weeks a copy makes: the one the request sent. */
const weeksField = (payload: CopyPayload) => (payload.weeks === undefined ? "repeats" : "weeks")

const noTemplate = (path: string, id: number) =>
  new TemplateNotFound({ error: `${path}: no template with id ${id} among your templates` })

export const ProgrammingLive = HttpApiBuilder.group(Api, "programming", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("copyWorkouts", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "copy workouts")
          if (payload.weeks !== undefined && payload.repeats !== undefined)
            return yield* new BadRequest({
              error: "weeks: send either weeks (every copied week, the first included) or the older repeats, not both"
            })
          const late = payload.targets.findIndex((target) => !isIsoDate(addDays(target.start, lastLandingDay(payload))))
          if (late >= 0)
            return yield* new BadRequest({
              error: `targets[${late}].start: the copy and its repeats would run past the last day a date can name`
            })
          yield* requireLinked(run, coach.id, [
            ...(payload.source.kind === "template" ? [] : [{ path: "source.clientId", id: payload.source.clientId }]),
            ...payload.targets.map((target, index) => ({ path: `targets[${index}].clientId`, id: target.clientId }))
          ])
          const outcome = yield* run((db) => copyWorkouts(db, coach.id, payload))
          switch (outcome._tag) {
            case "Copied":
              return outcome.report
            case "KeyReused":
              return yield* new KeyReused({
                error: "idempotencyKey: already used for a different copy; a new copy needs a new key"
              })
            case "NoTemplate":
              return yield* noTemplate("source.templateId", outcome.templateId)
            case "EmptySource":
              return yield* emptySource(payload.source as ContentSource)
            case "TooManyDays":
              return yield* new BadRequest({
                error: `${weeksField(payload)}: this copy would create ${outcome.days} days, more than the ${MAX_CREATED_DAYS} one copy may; copy fewer weeks or copy to fewer clients`
              })
            case "TooManySets":
              return yield* new BadRequest({
                error: `${weeksField(payload)}: this copy would write ${countText(outcome.sets, "set")}; at most ${MAX_COPY_SETS.toLocaleString("en-US")} in one request; copy fewer weeks or copy to fewer clients`
              })
            case "ProgramRepeated":
              return yield* new BadRequest({
                error: `${weeksField(payload)}: a program template holds its own weeks; apply it once (one week, no repeats)`
              })
            case "LateStart":
              return yield* new BadRequest({
                error: `targets[${outcome.target}].start: the copy would run past the last day a date can name`
              })
          }
        })
      )
      .handle("templates", () =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "use templates")
          return yield* run((db) => listTemplates(db, coach.id))
        })
      )
      .handle("templatePage", ({ query }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "use templates")
          // The contract checked only the cursor's shape: one this server did not make is a 400.
          const from = query.after === undefined ? undefined : readTemplateCursor(query.after)
          if (query.after !== undefined && from === undefined)
            return yield* new BadRequest({ error: `after: ${TEMPLATE_CURSOR_MESSAGE}` })
          return yield* run((db) => templatePage(db, coach.id, { from, limit: query.limit ?? TEMPLATE_PAGE_SIZE }))
        })
      )
      .handle("saveTemplate", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "save templates")
          yield* requireLinked(run, coach.id, [{ path: "source.clientId", id: payload.source.clientId }])
          const content = yield* run((db) => readContent(db, payload.source))
          if (content.length === 0) return yield* emptySource(payload.source)
          const outcome = yield* run((db) =>
            saveTemplate(db, { coachId: coach.id, name: payload.name, kind: payload.source.kind }, content)
          )
          if (outcome._tag === "NameTaken")
            return yield* new TemplateNameTaken({
              error: `name: you already have a template named "${payload.name}" with other content; choose another name`
            })
          if (outcome._tag === "TooManyTemplates") return yield* tooManyTemplates()
          return outcome.template
        })
      )
      .handle("removeTemplate", ({ params: { templateId } }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "remove templates")
          const removed = yield* run((db) => removeTemplate(db, coach.id, templateId))
          if (!removed) return yield* noTemplate("templateId", templateId)
          return { id: templateId } satisfies RemovedTemplate
        })
      )
  })
)
