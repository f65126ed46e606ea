/**
 * The copy screen walked by its model: every state and transition (the guarded and
 * raised ones included), replayed on a running actor whose gateway the test answers.
 * Along every walk the coach must see only what the server said: a preview only after a
 * dry run answered and never once the plan changed; a confirmed copy sending the very
 * plan previewed, with one key that its retries send again; "Saved as template" only
 * after the server saved it; refusals beside the part they concern, failures with a retry;
 * the list of templates read page by page (docs/decisions/051), each template once.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { BadRequest } from "#domain/api-errors.ts"
import { TemplateNameTaken, TemplateNotFound } from "#domain/template-errors.ts"
import type { CopyPayload } from "#domain/copy-plan.ts"
import type { TemplateId } from "#domain/templates.ts"
import { copyPlanImplementations } from "#machines/copy-plan/copy-plan.actors.ts"
import {
  AFTER_SQUAT_DAY,
  allBusyReport,
  BO,
  copyInput,
  copySetup,
  createdReport,
  lastPage,
  longerSetup,
  middlePage,
  networkDown,
  previewReport,
  pushWeek,
  squatDay
} from "#machines/copy-plan/copy-plan.fixtures.ts"
import { copyPlanMachine } from "#machines/copy-plan/copy-plan.machine.ts"
import { CHOOSE_CLIENT, partOfMessage } from "#machines/copy-plan/copy-plan.plan.ts"
import { selectCopyPlan, type CopyPlanSnapshot } from "#machines/copy-plan/copy-plan.selectors.ts"
import { NAME_THE_TEMPLATE, nameTaken } from "#machines/copy-plan/copy-plan.setup.ts"
import type { CopyPlanEvent, CopySetup } from "#machines/copy-plan/copy-plan.types.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = CopyPlanEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const PLAN_KEY = "fedcba9876543210fedcba9876543210"
const notMine: CopySetup = {
  clients: { "8": { name: "Bo Strong", pending: false } },
  templates: [],
  templatesNext: null
}
const badTargets = new BadRequest({ error: "targets must name at least one client and day" })
const taken = new TemplateNameTaken({ error: "a template named Heavy Wednesday already exists" })
const gone = new TemplateNotFound({ error: "no template 31" })
const heavy = { ...squatDay, id: 33 as TemplateId, name: "Heavy Wednesday" }
const imported = { ...squatDay, id: 34 as TemplateId, name: "Base block", kind: "program" as const, days: 12 }

const modelEvents = (): ReadonlyArray<ModelEvent> => [
  done("loadSetup", copySetup),
  done("loadSetup", longerSetup),
  done("loadSetup", notMine),
  failure("loadSetup", networkDown),
  { type: "setup.retry" },
  { type: "source.choose", source: "day" },
  { type: "source.choose", source: "workout" },
  { type: "template.choose", templateId: pushWeek.id },
  { type: "target.toggle", clientId: copyInput.clientId, chosen: false },
  { type: "target.toggle", clientId: BO, chosen: true },
  { type: "start.change", start: "2026-03-15" },
  { type: "repeats.count", count: 2 },
  { type: "repeat.change", week: 0, change: { percentPoints: "2.5" } },
  { type: "repeats.fill" },
  { type: "busyDays.change", add: true },
  { type: "plan.preview", planKey: PLAN_KEY },
  done("previewCopy", previewReport),
  done("previewCopy", allBusyReport),
  failure("previewCopy", badTargets),
  failure("previewCopy", networkDown),
  { type: "plan.create" },
  done("createCopy", createdReport),
  failure("createCopy", badTargets),
  failure("createCopy", networkDown),
  { type: "copy.retry" },
  { type: "copy.again" },
  { type: "templateName.change", name: "Heavy Wednesday" },
  { type: "templateName.change", name: " " },
  { type: "template.save" },
  done("saveTemplate", heavy),
  failure("saveTemplate", taken),
  failure("saveTemplate", networkDown),
  { type: "template.remove", templateId: pushWeek.id },
  { type: "removal.confirm" },
  { type: "removal.cancel" },
  { type: "library.retry" },
  done("removeTemplate", { id: pushWeek.id }),
  failure("removeTemplate", gone),
  failure("removeTemplate", networkDown),
  // A program file kept as a template on this screen (docs/decisions/049).
  { type: "template.imported", template: imported },
  // The list's further pages (docs/decisions/051).
  { type: "templates.more" },
  done("moreTemplates", middlePage),
  done("moreTemplates", lastPage),
  failure("moreTemplates", networkDown)
]

const walk = modelOf<CopyPlanSnapshot, ModelEvent>(copyPlanMachine, {
  input: copyInput,
  events: modelEvents,
  // What the guards and the raised source change read: who is chosen, what is copied, the name, the preview, more templates.
  serialize: (snapshot) => {
    const { context } = snapshot
    return JSON.stringify([
      leafOf(snapshot),
      context.targets.length > 0,
      context.source,
      context.templateName.trim() !== "",
      context.report?.days.some((day) => day.status === "created") ?? null,
      context.templatesNext !== null
    ])
  }
})

describe("the copy plan machine's model", () => {
  test("reaches every state the machine declares, each region's leaves with the other's", () => {
    // A parallel configuration reads "plan leaf+library leaf".
    const reached = [...new Set(walk.reachedStates.flatMap((state) => state.split("+")))].sort()
    expect(reached).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

const CALLS = ["getAllClients", "templatePage", "copyWorkouts", "saveTemplate", "removeTemplate"] as const

function runningPlan() {
  const stubs = deferredGateway(CALLS)
  const machine = copyPlanMachine.provide(copyPlanImplementations({ gateway: stubs.gateway }))
  const actor = createActor(machine, { input: copyInput }).start()
  const answers = {
    loadSetup: {
      done: (output: unknown) => {
        const setup = output as CopySetup
        stubs.settle("getAllClients", setup.clients)
        stubs.settle("templatePage", { templates: setup.templates, next: setup.templatesNext })
      },
      error: (error: unknown) => {
        stubs.fail("getAllClients", error)
        stubs.fail("templatePage", error)
      }
    },
    moreTemplates: oneCall(stubs, "templatePage"),
    previewCopy: oneCall(stubs, "copyWorkouts"),
    createCopy: oneCall(stubs, "copyWorkouts"),
    saveTemplate: oneCall(stubs, "saveTemplate"),
    removeTemplate: oneCall(stubs, "removeTemplate")
  }
  return { stubs, actor, answers }
}
type RunningPlan = ReturnType<typeof runningPlan>

const inPlan = (snapshot: CopyPlanSnapshot, state: string) => snapshot.matches({ ready: { plan: state } } as never)

/** What the coach sees, and what was sent, in every state along a walk. */
function expectWhatACoachSees(snapshot: CopyPlanSnapshot, event: ModelEvent | undefined, { stubs }: RunningPlan) {
  const view = selectCopyPlan(snapshot)
  expect(view.backToDay).toEqual({ userId: "7", date: "03-04-2026" })
  const sending = stubs.isWaitingFor("copyWorkouts")
  expect(sending).toBe(inPlan(snapshot, "previewing") || inPlan(snapshot, "creating"))
  if (sending) {
    const [payload] = stubs.argsOf("copyWorkouts") as [CopyPayload]
    const previewing = inPlan(snapshot, "previewing")
    expect(payload.dryRun).toBe(previewing)
    // The confirmed copy and its retries carry the plan's key; the dry run a key of its own.
    expect(payload.idempotencyKey).toBe(previewing ? `${PLAN_KEY}-preview` : PLAN_KEY)
    expect(payload.targets.map((target) => target.clientId)).toEqual(snapshot.context.targets)
    expect(payload.onBusyDay).toBe(snapshot.context.addOnBusyDays ? "add" : "skip")
  }
  // A preview is shown only as the server answered it, and never beside a plan it did not see.
  const previewShown = inPlan(snapshot, "previewed") || inPlan(snapshot, "creating") || inPlan(snapshot, "createFailed")
  expect(view.preview.report !== null).toBe(previewShown)
  expect(view.created !== null).toBe(inPlan(snapshot, "created"))
  if (view.created !== null) expect(view.created.summary).toBe("Created 3 days, skipped 1 day.")
  if (event?.type.startsWith("xstate.error.actor.") === true && "error" in event) {
    const refused = event.error instanceof BadRequest
    if (refused && event.type.endsWith("Copy")) expect(view.targets.problem).toBe(badTargets.error)
    if (event.error === networkDown && event.type.endsWith("Copy"))
      expect(view.preview.failure).toBe("We couldn't reach the server. Check your connection and try again.")
  }
  // "Saved" only once the server answered the save.
  if (view.template.notice?.kind === "saved")
    expect(stubs.calls.some((call) => call.name === "saveTemplate")).toBe(true)
  expect(view.template.saving).toBe(stubs.isWaitingFor("saveTemplate"))
  expect(view.template.removal?.removing ?? false).toBe(stubs.isWaitingFor("removeTemplate"))
  // The next page is read only on the coach's ask, from where the list ended; every template is listed once.
  const paging = snapshot.matches("ready") && stubs.isWaitingFor("templatePage")
  expect(view.source.more?.loading ?? false).toBe(paging)
  if (paging) expect(stubs.argsOf("templatePage")).toEqual([{ after: snapshot.context.templatesNext }])
  const listed = view.source.templates.map((template) => template.id)
  expect(new Set(listed).size).toBe(listed.length)
  // A program kept from a file is listed, as a program, as soon as it is told.
  if (event?.type === "template.imported")
    expect(view.source.templates.find((template) => template.id === imported.id)?.detail).toBe(
      "Program, 12 days · 1 workout · Back Squat"
    )
}

describe("a running copy plan, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningPlan()
    const { actor } = running
    const [initial] = initialTransition(copyPlanMachine, copyInput)
    await replayPath<CopyPlanSnapshot, ModelEvent>(initial, edge.path, actor, running.answers, (expected, event) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      expectWhatACoachSees(actual, event, running)
    })
    actor.stop()
  })
})

/** A loaded plan with the given events sent, its gateway waiting. */
async function loadedPlan(events: ReadonlyArray<CopyPlanEvent> = [], setup: CopySetup = copySetup) {
  const running = runningPlan()
  await settleMicrotasks()
  running.answers.loadSetup.done(setup)
  await settleMicrotasks()
  for (const event of events) running.actor.send(event)
  await settleMicrotasks()
  return running
}

describe("what a copy sends", () => {
  test("a week keeps the start the coach sees and sends every copied week's step, points and weight with its unit", async () => {
    const { stubs, actor } = await loadedPlan([
      { type: "start.change", start: "2026-03-13" },
      { type: "source.choose", source: "week" },
      { type: "target.toggle", clientId: BO, chosen: true },
      { type: "repeats.count", count: 3 },
      { type: "repeat.change", week: 0, change: { percentPoints: "2.5", weight: "2.5", weightUnit: "kg" } },
      { type: "repeats.fill" },
      { type: "repeat.change", week: 2, change: { kind: "deload" } },
      { type: "plan.preview", planKey: PLAN_KEY }
    ])
    expect(selectCopyPlan(actor.getSnapshot()).preview.sending).toBe(true)
    const step = { kind: "progress", percentPoints: 2.5, weight: { amount: 2.5, unit: "kg" }, reps: 0, sets: 0 }
    expect(stubs.argsOf("copyWorkouts")).toEqual([
      {
        source: { kind: "week", clientId: copyInput.clientId, from: "2026-03-01" },
        targets: [
          { clientId: copyInput.clientId, start: "2026-03-13" },
          { clientId: BO, start: "2026-03-13" }
        ],
        weeks: [step, step, { kind: "deload" }],
        onBusyDay: "skip",
        dryRun: true,
        idempotencyKey: `${PLAN_KEY}-preview`
      }
    ])
  })

  test("choosing what to copy, a template included, never moves Starting on", async () => {
    const { actor } = await loadedPlan()
    const start = () => selectCopyPlan(actor.getSnapshot()).targets.start
    expect(start()).toBe("2026-03-11")
    for (const event of [
      { type: "source.choose", source: "day" },
      { type: "template.choose", templateId: pushWeek.id },
      { type: "start.change", start: "2026-03-15" },
      { type: "source.choose", source: "workout" },
      { type: "template.choose", templateId: pushWeek.id }
    ] as const) {
      const before = start()
      actor.send(event)
      expect(start()).toBe(event.type === "start.change" ? event.start : before)
    }
  })

  test("the preview reads each week's loads with their units, as the server reported them", async () => {
    const { stubs, actor } = await loadedPlan([{ type: "plan.preview", planKey: PLAN_KEY }])
    stubs.settle("copyWorkouts", previewReport)
    await settleMicrotasks()
    expect(selectCopyPlan(actor.getSnapshot()).preview.report?.loads).toEqual([
      "Week 1 — Back Squat sets 1–3: 77.5% of max",
      "Week 1 — Bench Press set 1: 145 lb",
      "Week 2 — Back Squat sets 1–3: 80% of max",
      "Week 2 — Bench Press set 1: 150 lb"
    ])
  })

  test("a plan that cannot be sent says why beside its part and sends nothing", async () => {
    const { stubs, actor } = await loadedPlan([
      { type: "target.toggle", clientId: copyInput.clientId, chosen: false },
      { type: "plan.preview", planKey: PLAN_KEY }
    ])
    expect(stubs.isWaitingFor("copyWorkouts")).toBe(false)
    expect(selectCopyPlan(actor.getSnapshot()).targets.problem).toBe(CHOOSE_CLIENT)
    actor.send({ type: "repeat.change", week: 0, change: { reps: "1.5" } })
    actor.send({ type: "target.toggle", clientId: BO, chosen: true })
    actor.send({ type: "plan.preview", planKey: PLAN_KEY })
    expect(selectCopyPlan(actor.getSnapshot()).repeats.problem).toBe(
      "Week 1: reps change must be a whole number from -10 to 10."
    )
  })

  test("a retry after a lost answer sends the same plan with the same key", async () => {
    const { stubs, actor } = await loadedPlan([{ type: "plan.preview", planKey: PLAN_KEY }])
    stubs.settle("copyWorkouts", previewReport)
    await settleMicrotasks()
    actor.send({ type: "plan.create" })
    await settleMicrotasks()
    const [first] = stubs.argsOf("copyWorkouts") as [CopyPayload]
    stubs.fail("copyWorkouts", networkDown)
    await settleMicrotasks()
    actor.send({ type: "copy.retry" })
    await settleMicrotasks()
    expect(stubs.argsOf("copyWorkouts")).toEqual([first])
    expect(first).toMatchObject({ dryRun: false, idempotencyKey: PLAN_KEY })
  })

  test("a taken template name says so; an empty one is not sent", async () => {
    const { stubs, actor } = await loadedPlan([{ type: "template.save" }])
    expect(stubs.isWaitingFor("saveTemplate")).toBe(false)
    expect(selectCopyPlan(actor.getSnapshot()).template.notice?.text).toBe(NAME_THE_TEMPLATE)
    actor.send({ type: "templateName.change", name: " Heavy Wednesday " })
    actor.send({ type: "template.save" })
    await settleMicrotasks()
    expect(stubs.argsOf("saveTemplate")).toEqual([
      {
        name: "Heavy Wednesday",
        source: { kind: "workout", clientId: copyInput.clientId, date: copyInput.date, workoutOrder: 0 }
      }
    ])
    stubs.fail("saveTemplate", taken)
    await settleMicrotasks()
    expect(selectCopyPlan(actor.getSnapshot()).template.notice).toEqual({
      kind: "refused",
      text: nameTaken("Heavy Wednesday")
    })
  })

  test("removing the template chosen as the source takes the plan back to the day's workout", async () => {
    const { stubs, actor } = await loadedPlan([
      { type: "template.choose", templateId: pushWeek.id },
      { type: "template.remove", templateId: pushWeek.id },
      { type: "removal.confirm" }
    ])
    stubs.settle("removeTemplate", { id: pushWeek.id })
    await settleMicrotasks()
    const view = selectCopyPlan(actor.getSnapshot())
    expect(view.source.chosen).toBe("workout")
    expect(view.source.templates.map((template) => template.name)).toEqual(["Squat day"])
    expect(view.template.removalNotice?.text).toBe("Removed template “Push week”")
  })
})

describe("the list of templates, page by page", () => {
  const names = (actor: RunningPlan["actor"]) =>
    selectCopyPlan(actor.getSnapshot()).source.templates.map((template) => template.name)

  test("each page is read after the last, on the coach's ask, until the list is whole; one saved meanwhile is listed once", async () => {
    const { stubs, actor } = await loadedPlan([], longerSetup)
    expect(stubs.isWaitingFor("templatePage")).toBe(false)
    expect(selectCopyPlan(actor.getSnapshot()).source.more).toEqual({ loading: false, failure: null })
    actor.send({ type: "templates.more" })
    expect(stubs.argsOf("templatePage")).toEqual([{ after: AFTER_SQUAT_DAY }])
    stubs.settle("templatePage", middlePage)
    await settleMicrotasks()
    expect(names(actor)).toEqual(["Push week", "Squat day", "Tempo week"])

    // Upper day, saved here, is on the last page too.
    actor.send({ type: "templateName.change", name: "Upper day" })
    actor.send({ type: "template.save" })
    await settleMicrotasks()
    const [upper] = lastPage.templates
    stubs.settle("saveTemplate", upper)
    await settleMicrotasks()
    actor.send({ type: "templates.more" })
    expect(stubs.argsOf("templatePage")).toEqual([{ after: middlePage.next }])
    stubs.settle("templatePage", lastPage)
    await settleMicrotasks()
    expect(names(actor)).toEqual(["Push week", "Squat day", "Tempo week", "Upper day"])
    // The list is whole: no button, and asking reads nothing.
    expect(selectCopyPlan(actor.getSnapshot()).source.more).toBeNull()
    actor.send({ type: "templates.more" })
    expect(stubs.isWaitingFor("templatePage")).toBe(false)
    expect(stubs.calls.filter((call) => call.name === "templatePage")).toHaveLength(3)
  })

  test("a page that did not come says why and leaves the list as it was; asking again reads the same page", async () => {
    const { stubs, actor } = await loadedPlan([{ type: "templates.more" }], longerSetup)
    stubs.fail("templatePage", networkDown)
    await settleMicrotasks()
    expect(selectCopyPlan(actor.getSnapshot()).source.more).toEqual({ loading: false, failure: NETWORK_DOWN })
    expect(names(actor)).toEqual(["Push week", "Squat day"])
    actor.send({ type: "templates.more" })
    expect(selectCopyPlan(actor.getSnapshot()).source.more).toEqual({ loading: true, failure: null })
    expect(stubs.argsOf("templatePage")).toEqual([{ after: AFTER_SQUAT_DAY }])
  })
})

describe("where a refusal is said", () => {
  test.each([
    ["targets[1].start: the copy and its repeats would run past the last day a date can name", "targets"],
    ["source.clientId: no client with id 9 on your client list", "source"],
    ["source.templateId: no template with id 3 among your templates", "source"],
    ["repeats: this copy would create 900 days, more than the 800 one copy may", "repeats"],
    ["weeks[0].percentPoints: percentPoints must be between -50 and 50", "repeats"],
    ["idempotencyKey: already used for a different copy; a new copy needs a new key", "plan"],
    ["targets must name at least one client and day", "targets"]
  ] as const)("%s: beside %s", (message, part) => {
    expect(partOfMessage(message)).toBe(part)
  })
})
