/**
 * The workout builder walked by its own model: every state reached and every transition
 * taken, then each walk replayed on a running builder whose save is a stub the test
 * answers. At every step the running builder must match the model, and what a coach
 * would notice must hold: which step shows, that no unnamed exercise survives leaving
 * it, that what is sent is a workout the contract accepts, that a failed save keeps the
 * draft, that the draft last handed to storeDraft brings the same builder back after a
 * reload, and that only a saved workout forgets it and shows the day.
 */
import * as Schema from "effect/Schema"
import { describe, expect, test } from "vitest"
import { createActor, fromPromise, initialTransition } from "xstate"
import { Conflict } from "#domain/api-errors.ts"
import { KeyReused } from "#domain/workout-errors.ts"
import { groupRowsByDate, SaveWorkoutPayload, WORKOUT_CAPS } from "#domain/workout.ts"
import { workoutRowFixture } from "#domain/workout-row-fixture.ts"
import { EditWorkoutPayload } from "#domain/workout-edits.ts"
import { UserId } from "#domain/ids.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { builderImplementations } from "#machines/builder/builder.actors.ts"
import { restoreBuilderStart, toStoredDraft } from "#machines/builder/builder.draft.ts"
import {
  benchAmsap,
  builderDay,
  builderInput,
  draftContext,
  loadedSquat,
  loggedSquat,
  savedDay,
  squat
} from "#machines/builder/builder.fixtures.ts"
import { findWorkout, loadedWorkout, removedLoggedSets, toEditedWorkout } from "#machines/builder/builder.edit.ts"
import { builderMachine } from "#machines/builder/builder.machine.ts"
import {
  selectExerciseStep,
  selectExerciseDetails,
  canReplaceExercises,
  selectHeader,
  selectLoadError,
  selectNotationTarget,
  selectSetBuilder,
  selectStep,
  selectStepCounter,
  selectWorkoutStep,
  type BuilderSnapshot
} from "#machines/builder/builder.selectors.ts"
import {
  BUILDER_STEPS,
  type BuilderDraft,
  type BuilderEvent,
  type BuilderInput,
  type BuilderStart,
  type BuilderSubmission,
  type EditingStep
} from "#machines/builder/builder.types.ts"
import {
  detailProblem,
  isOpenUnnamedWithSets,
  NO_FIELDS_ON,
  NO_SETS_TO_ADD,
  nextSaveKey,
  openSetCount,
  EDIT_SAVED_EARLIER,
  SAVED_EARLIER,
  setsToAdd,
  toBuiltWorkout,
  unreadableName
} from "#machines/builder/builder.workout.ts"
import { weightFieldUnit } from "#machines/builder/builder.units.ts"
import { libraryResolver, readTypedWorkout } from "#machines/builder/builder.notation.selectors.ts"
import { fullLibrary } from "#machines/exercise-library/exercise-library.fixtures.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { combinedCoverage, leafOf, modelOf, takenAlong, untakenOf } from "./client-model-walk.ts"
import {
  deferredGateway,
  done,
  failure,
  oneCall,
  replayPath,
  settleMicrotasks,
  type ActorAnswer
} from "./coach-stub-actors.ts"

type ModelEvent = BuilderEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
/** KeyReused: the draft's key stored an earlier version whose answer was lost. */
const savedEarlier = { _tag: "KeyReused", error: "idempotencyKey: already used for a different workout" }
// LoggedResultsExist: the server refuses to drop sets the client logged since the builder read them.
const loggedSince = {
  _tag: "LoggedResultsExist",
  error: "workout: 1 set you are removing has results the client logged; send discardLogged to remove it"
}

/**
 * The walk runs with caps of 2 exercises of 2 sets, so reaching them stays a short path;
 * the guards read the caps from the context, where the app puts WORKOUT_CAPS.
 */
const CAPS = { exercises: 2, setsPerExercise: 2 }
const walkInput: BuilderStart = { ...builderInput, caps: CAPS }

/** A workout typed as text (docs/workout-notation.md), read as the builder's editor reads it. */
const typed = (text: string) => {
  const workout = readTypedWorkout(text, "lb", libraryResolver(fullLibrary)).workout
  if (workout === undefined) throw new Error(`${text} did not parse`)
  return workout
}
/** Two exercises of two sets: as much as the walk's caps hold. */
const typedTwo = typed("Back Squat 2x5 @75%\nBench 1x8 @RPE8")
/** Three exercises: one more than the walk's caps, so the builder refuses it. */
const typedThree = typed("Back Squat 2x5 @75%\nBench 1x8 @RPE8\nDeadlift 1x5 @315")
/** The same builder editing workout 0 of the saved day (savedDay: Back Squat, 2 sets, the first logged). */
const editInput: BuilderStart = { ...walkInput, workoutOrder: 0 }

/** A resumed draft (builder.draft.ts) as the route starts it: the machine run from the stored draft. */
const restoredSnapshot = (input: BuilderStart, stored: string | null): BuilderSnapshot | undefined => {
  const start = restoreBuilderStart(input, stored)
  if (start.resume === undefined) return undefined
  const actor = createActor(builderMachine, { input: start }).start()
  const snapshot = actor.getSnapshot()
  actor.stop()
  return snapshot
}

/** A builder with its real implementations; the gateway waits for the test, the effects are recorded. */
function runningBuilder(input: BuilderStart) {
  const stubs = deferredGateway(["saveWorkout", "editWorkout", "workoutByDate", "workoutResults", "getAllClients"])
  const effects = { stored: [] as Array<BuilderDraft>, forgotten: 0, shown: [] as Array<BuilderInput> }
  const machine = builderMachine.provide(
    builderImplementations({
      gateway: stubs.gateway,
      coachId: () => UserId.make(3),
      storeDraft: (draft) => effects.stored.push(draft),
      forgetDraft: () => (effects.forgotten += 1),
      showDay: (day) => effects.shown.push(day)
    })
  )
  const actor = createActor(machine, { input }).start()
  // A submit is a save or, for a saved workout, an edit: whichever call is waiting is answered.
  const submit = (): ActorAnswer => oneCall(stubs, stubs.isWaitingFor("editWorkout") ? "editWorkout" : "saveWorkout")
  const answers: Record<string, ActorAnswer> = {
    saveWorkout: { done: (output) => submit().done(output), error: (error) => submit().error(error) },
    // The read's answer as the server would give it: the saved day (or an empty one) and what was logged.
    loadWorkout: {
      done: (output) => {
        stubs.settle("workoutByDate", output === null ? { data: {} } : savedDay)
        stubs.settle("workoutResults", loggedSquat)
      },
      error: (error) => stubs.fail("workoutByDate", error)
    },
    loadClientName: {
      done: (name) => stubs.settle("getAllClients", { [String(input.clientId)]: { name, pending: false } }),
      error: (error) => stubs.fail("getAllClients", error)
    }
  }
  return { stubs, effects, actor, answers }
}
type RunningBuilder = ReturnType<typeof runningBuilder>

// One event per branch of every guard; names and values chosen to hit empty and filled cases.
const everyEvent: ReadonlyArray<ModelEvent> = [
  { type: "category.select", category: "Strength" },
  { type: "step.back" },
  { type: "exercise.add" },
  { type: "exercise.open", index: 0 },
  { type: "exercise.open", index: 9 },
  { type: "exercise.delete", index: 0 },
  { type: "exercise.rename", name: "Back Squat" },
  { type: "exercise.rename", name: "  " },
  { type: "exercise.choose", name: "Back Squat", exerciseId: "back-squat" },
  { type: "exercise.submit" },
  { type: "set.delete", index: 0 },
  { type: "setBuilder.open" },
  { type: "fields.edit" },
  { type: "field.toggle", name: "weight" },
  { type: "field.change", name: "weight", value: "heavy" },
  { type: "field.change", name: "weight", value: "225" },
  { type: "amsap.toggle" },
  { type: "count.increment" },
  { type: "count.decrement" },
  { type: "sets.add" },
  { type: "workout.submit" },
  done("saveWorkout", []),
  failure("saveWorkout", serverDown),
  failure("saveWorkout", savedEarlier),
  { type: "unit.known", unit: "kg" },
  { type: "unit.known", unit: "lb" },
  { type: "exercises.replace", exercises: typedTwo },
  { type: "exercises.replace", exercises: typedThree },
  { type: "title.change", value: "Heavy lower" }
]

const fixedTempo: ModelEvent = { type: "exercise.detail", name: "tempo", value: "31X0" }
/** The coaching details: a half-typed tempo (kept, and refused on submit) and one of each that is fine. */
const detailEvents: ReadonlyArray<ModelEvent> = [
  { type: "exercise.detail", name: "tempo", value: "31x" },
  fixedTempo,
  { type: "exercise.detail", name: "superset", value: "A" },
  { type: "exercise.detail", name: "rest", value: "90" },
  { type: "exercise.detail", name: "note", value: "Knees out" }
]

/**
 * The details change nothing any guard reads but the submit's, so they are offered from a
 * first exercise with the usual set builder only; and with a tempo the submit would refuse,
 * the coach fixes it, leaves the exercise, submits or opens it again. The rest of the walk
 * is the same with or without them, and walking it twice would multiply its size.
 */
const eventsFor = (snapshot: BuilderSnapshot): ReadonlyArray<ModelEvent> => {
  const { exercises, count, amsap, coachUnit } = snapshot.context
  if (exercises.some((exercise) => detailProblem(exercise) !== null))
    return [
      fixedTempo,
      { type: "exercise.submit" },
      { type: "step.back" },
      { type: "workout.submit" },
      { type: "exercise.open", index: 0 }
    ]
  const plain = exercises.length === 1 && count === 1 && !amsap && coachUnit === "lb"
  return plain ? [...everyEvent, ...detailEvents] : everyEvent
}

/**
 * The edit walk's events (docs/decisions/024): what an edit adds (reading the saved workout, editing,
 * duplicating and moving sets, moving exercises, the discard question) and enough of the
 * rest to reach them. What the new walk already covers is left out, so the walk stays small.
 */
const editEventsFor = (): ReadonlyArray<ModelEvent> => [
  done("loadWorkout", loadedSquat),
  done("loadWorkout", null),
  failure("loadWorkout", serverDown),
  { type: "load.retry" },
  { type: "step.back" },
  { type: "exercise.open", index: 0 },
  { type: "exercise.delete", index: 0 },
  { type: "exercise.move", index: 0, by: 1 },
  { type: "exercise.move", index: 0, by: -1 },
  { type: "exercise.submit" },
  { type: "set.delete", index: 0 },
  { type: "set.edit", index: 0 },
  { type: "set.edit", index: 9 },
  { type: "set.duplicate", index: 0 },
  { type: "set.move", index: 0, by: 1 },
  { type: "set.move", index: 0, by: -1 },
  { type: "field.change", name: "weight", value: "heavy" },
  { type: "field.change", name: "weight", value: "245" },
  { type: "fields.edit" },
  { type: "sets.add" },
  { type: "workout.submit" },
  { type: "discard.confirm" },
  { type: "discard.cancel" },
  done("saveWorkout", []),
  failure("saveWorkout", serverDown),
  failure("saveWorkout", savedEarlier),
  failure("saveWorkout", loggedSince),
  // Typed text has no set ids: an edit never takes it (the guard's other branch).
  { type: "exercises.replace", exercises: typedTwo },
  { type: "title.change", value: "" },
  { type: "exercise.detail", name: "rest", value: "0" }
]

// Vertices differ in what guards and the coach's view depend on, kept small so the walk stays finite.
const serialize = (snapshot: BuilderSnapshot): string => {
  const { exercises, editing, enabledFields, inputs, count, amsap } = snapshot.context
  const open = editing === null ? undefined : exercises[editing]
  return JSON.stringify({
    state: leafOf(snapshot),
    renewedKey: snapshot.context.saveKey !== walkInput.saveKey,
    exercises: Math.min(exercises.length, 2),
    everyOneHasSets: exercises.every((exercise) => exercise.sets.length > 0),
    openNamed: open === undefined ? null : open.name.trim() !== "",
    openLinked: open?.exerciseId !== undefined,
    openSets: open?.sets.length ?? 0,
    nameMissing: snapshot.context.nameMissing !== null,
    weight: enabledFields.includes("weight") ? inputs.weight : "off",
    count,
    amsap,
    coachUnit: snapshot.context.coachUnit,
    fieldUnit: weightFieldUnit(snapshot.context),
    editingSet: snapshot.context.editingSet !== null,
    removesLogged: removedLoggedSets(snapshot.context) > 0,
    discardLogged: snapshot.context.discardLogged,
    // What a submit reads beyond names and sets: a detail it would refuse.
    detailsRefused: exercises.some((exercise) => detailProblem(exercise) !== null)
  })
}

const walk = modelOf<BuilderSnapshot, ModelEvent>(builderMachine, { input: walkInput, events: eventsFor, serialize })
const stepOf = (edge: (typeof walk.edges)[number]) => leafOf(edge.from).split(".")[0]
/** The shortest walk taking the coach's unit, per step and unit: the root's transition, replayed below too. */
const unitWalks = [
  ...new Map(
    walk.edges
      // A saved builder has stopped: nothing reaches it.
      .filter((edge) => edge.event.type === "unit.known" && stepOf(edge) !== "saved")
      .sort((a, b) => b.path.steps.length - a.path.steps.length)
      .map((edge) => [`${stepOf(edge)} ${JSON.stringify(edge.event)}`, edge] as const)
  ).values()
]

const editWalk = modelOf<BuilderSnapshot, ModelEvent>(builderMachine, {
  input: editInput,
  events: editEventsFor,
  serialize
})

/**
 * How the builder opens, which neither walk starts from: a stored draft resumed at each step,
 * an address whose workout order is not one, and the client's name (read once, at the root)
 * answered or not. Each is replayed on a running builder below.
 */
const resumedAt = (step: EditingStep) =>
  restoreBuilderStart(
    walkInput,
    toStoredDraft({
      step,
      context: draftContext({ editing: 0, caps: CAPS, exercises: [{ ...squat, sets: squat.sets.slice(0, 2) }] })
    })
  )
const openings: ReadonlyArray<{ readonly name: string; readonly input: BuilderStart; readonly events: ModelEvent[] }> =
  [
    ...BUILDER_STEPS.map((step) => ({ name: `a draft resumed at ${step}`, input: resumedAt(step), events: [] })),
    { name: "an address with a bad workout order", input: { ...walkInput, workoutOrder: -1 }, events: [] },
    { name: "the client's name read", input: walkInput, events: [done("loadClientName", "Jane Doe")] },
    { name: "the client's name unread", input: walkInput, events: [failure("loadClientName", serverDown)] }
  ]
const openingCoverage = openings.map(({ input, events }) => {
  const { snapshot, taken } = takenAlong(builderMachine, input, events)
  // Every opening starts in 'opening' and leaves it by one of its eventless branches: it never rests there.
  return {
    leafStates: walk.leafStates,
    reachedStates: ["opening", leafOf(snapshot)],
    untakenTransitions: untakenOf(builderMachine, taken)
  }
})

describe("the builder machine's model", () => {
  const coverage = combinedCoverage([walk, editWalk, ...openingCoverage])
  test("reaches every state the machine declares, a new workout's and an edit's together", () => {
    expect(coverage.unreached).toEqual([])
  })

  test("takes every transition the machine declares, every guarded and eventless branch included", () => {
    expect(coverage.untaken).toEqual([])
  })

  // The shared walker lists the states' transitions, not the root's: the coach's unit, taken at any step.
  test("takes the coach's unit at every editing step, in either unit", () => {
    expect(new Set(unitWalks.map((edge) => `${stepOf(edge)} ${JSON.stringify(edge.event)}`))).toEqual(
      new Set(
        ["categories", "workout", "exercise", "setBuilder", "fieldEditor"].flatMap((step) => [
          `${step} {"type":"unit.known","unit":"kg"}`,
          `${step} {"type":"unit.known","unit":"lb"}`
        ])
      )
    )
  })
})

/** The title a submit sends: the one typed, when there is one. */
const sentTitle = (snapshot: BuilderSnapshot) =>
  snapshot.context.title.trim() === "" ? {} : { title: snapshot.context.title.trim() }

/** What a coach would notice in each state, checked on the running builder. */
function expectWhatACoachSees(snapshot: BuilderSnapshot, { stubs, effects }: RunningBuilder, input: BuilderStart) {
  const isEdit = input.workoutOrder !== undefined
  const leaf = leafOf(snapshot)
  const step = selectStep(snapshot)
  expect(leaf.split(".")[0]).toBe(step)
  const { counter } = selectStepCounter(snapshot)
  expect(counter).toBe(
    {
      categories: "Step 1 of 5",
      workout: "Step 2 of 5",
      exercise: "Step 3 of 5",
      setBuilder: "Step 4 of 5",
      fieldEditor: "Step 5 of 5",
      saved: null,
      loading: null,
      loadFailed: null,
      notFound: null
    }[step]
  )
  // An edit says so, and names the saved workout; a new workout keeps SPEC's title.
  expect(selectHeader(snapshot).title).toBe(isEdit ? "Edit workout" : "Workout builder")
  // The client's name is said once read, and never made up.
  const name = snapshot.context.clientName
  expect(selectHeader(snapshot).clientLine).toBe(name.status === "known" ? `for ${name.name}` : null)
  if (step === "loading") expect(stubs.isWaitingFor("workoutByDate")).toBe(true)
  if (step === "loadFailed") expect(selectLoadError(snapshot)).toBe(`The workout could not be read. ${NETWORK_DOWN}`)
  else expect(selectLoadError(snapshot)).toBeNull()
  // The question stands only while the coach is asked, and counts what the edit removes.
  if (leaf === "workout.confirmingDiscard") {
    expect(selectWorkoutStep(snapshot).discardQuestion).toMatch(
      /have results the client logged|has results the client logged/
    )
    expect(isEdit).toBe(true)
  } else expect(selectWorkoutStep(snapshot).discardQuestion).toBeNull()

  if (step === "workout") {
    // Leaving an exercise drops it when its name is empty, so the list never shows a blank one.
    expect(selectWorkoutStep(snapshot).exercises.every((exercise) => exercise.name.trim() !== "")).toBe(true)
    // Every control of the step is open unless a save is under way.
    const view = selectWorkoutStep(snapshot)
    const open = leaf !== "workout.saving" && leaf !== "workout.confirmingDiscard"
    // An edit has no categories step to go back to.
    expect([view.canAddExercise, view.canGoBack, view.saving]).toEqual([
      open && snapshot.context.exercises.length < CAPS.exercises,
      open && !isEdit,
      leaf === "workout.saving"
    ])
    expect(view.exercises.every((exercise) => exercise.canOpen === open && exercise.canDelete === open)).toBe(true)
  }
  // The typed workout is offered on a new workout's workout step, and taken while no save or question stands.
  expect(selectNotationTarget(snapshot).offered).toBe(step === "workout" && !isEdit)
  expect(canReplaceExercises(snapshot, typedTwo)).toBe(
    step === "workout" && !isEdit && leaf !== "workout.saving" && leaf !== "workout.confirmingDiscard"
  )
  expect(canReplaceExercises(snapshot, typedThree)).toBe(false)
  expect(canReplaceExercises(snapshot, undefined)).toBe(false)
  if (leaf === "workout.incomplete") expect(selectWorkoutStep(snapshot).problem).toEqual(expect.any(String))
  else expect(selectWorkoutStep(snapshot).problem).toBeNull()
  if (leaf === "workout.saving" && isEdit) {
    // An edit is sent as the saved workout's new content, at its address, never as a new workout.
    expect(stubs.isWaitingFor("saveWorkout")).toBe(false)
    const sent = stubs.argsOf("editWorkout")?.[0]
    expect(Schema.decodeUnknownExit(EditWorkoutPayload)(sent)._tag).toBe("Success")
    const { edit, discardLogged, exercises, saveKey } = snapshot.context
    expect(sent).toEqual({
      ...builderDay,
      workoutOrder: 0,
      ...sentTitle(snapshot),
      workout: toEditedWorkout(exercises),
      idempotencyKey: saveKey,
      ...(discardLogged ? { discardLogged: true } : {})
    })
    // Sets read from the server go back with their ids; what removes a logged set was confirmed first.
    const sentIds = exercises.flatMap((exercise) =>
      exercise.sets.flatMap((set) => (set.id === undefined ? [] : [set.id]))
    )
    const readIds = loadedSquat.exercises.flatMap((exercise) => exercise.sets.map((set) => set.id))
    expect(sentIds.every((id) => readIds.includes(id))).toBe(true)
    if (removedLoggedSets(snapshot.context) > 0) expect(discardLogged).toBe(true)
    expect(edit?.loggedSetIds).toEqual(loadedSquat.loggedSetIds)
  }
  if (leaf === "workout.saving" && !isEdit) {
    expect(selectWorkoutStep(snapshot).saving).toBe(true)
    expect(stubs.isWaitingFor("saveWorkout")).toBe(true)
    const sent = stubs.argsOf("saveWorkout")?.[0]
    // What is sent is a workout the contract accepts: named exercises, each with a set.
    expect(Schema.decodeUnknownExit(SaveWorkoutPayload)(sent)._tag).toBe("Success")
    // Every save of the draft carries the draft's one key, so a retry cannot store it twice.
    // After a 409 the draft has a new key (the earlier version is stored): still one per save.
    expect(sent).toEqual({
      ...builderDay,
      ...sentTitle(snapshot),
      workout: toBuiltWorkout(snapshot.context.exercises),
      idempotencyKey: snapshot.context.saveKey
    })
    expect(snapshot.context.saveKey).toMatch(/^draft-key-0123456789abcdef(-r\d+)?$/)
    // A chosen exercise goes by its library id, a typed name alone (the server links it).
    const sentIds = (sent as { workout: ReadonlyArray<{ exercise_id?: string }> }).workout.map((e) => e.exercise_id)
    expect(sentIds).toEqual(snapshot.context.exercises.map((exercise) => exercise.exerciseId))
    // Every weight names the unit it was typed in.
    const sentSets = (sent as SaveWorkoutPayload).workout.flatMap((exercise) => exercise.sets)
    for (const set of sentSets) {
      const weighted = set.fields.some((field) => field.name === "weight")
      expect(set.weight_unit !== undefined).toBe(weighted)
    }
  }
  if (leaf === "workout.failed") {
    // A lost connection keeps the key for the retry; a 409 says the earlier version is stored.
    expect([`The workout was not saved. ${NETWORK_DOWN}`, isEdit ? EDIT_SAVED_EARLIER : SAVED_EARLIER]).toContain(
      selectWorkoutStep(snapshot).saveError
    )
    expect(snapshot.context.exercises.length).toBeGreaterThan(0)
  } else expect(selectWorkoutStep(snapshot).saveError).toBeNull()
  // The notice stands only while the open exercise has sets and no name: it is never stale.
  if (snapshot.context.nameMissing !== null) {
    expect(step).toBe("exercise")
    expect(selectExerciseStep(snapshot).nameMissing).toMatch(/^Name this exercise before leaving: it has \d sets?\.$/)
    expect(isOpenUnnamedWithSets(snapshot.context)).toBe(true)
  }
  if (step === "exercise" || step === "setBuilder") {
    expect(selectExerciseStep(snapshot).name).toBe(snapshot.context.exercises[snapshot.context.editing ?? -1]?.name)
  }
  if (step === "setBuilder") {
    const view = selectSetBuilder(snapshot)
    const valid = snapshot.context.inputs.weight !== "heavy" || !snapshot.context.enabledFields.includes("weight")
    // An edited set replaces itself: one set, needing no room.
    const editingSet = snapshot.context.editingSet !== null
    const fits = editingSet || openSetCount(snapshot.context) + setsToAdd(snapshot.context) <= CAPS.setsPerExercise
    const something = (editingSet || setsToAdd(snapshot.context) > 0) && snapshot.context.enabledFields.length > 0
    expect(view.canAdd).toBe(valid && fits && something)
    // Add is never off for nothing-to-add without saying why.
    expect(view.addBlocked === null).toBe(something)
    // The stepper stops where the exercise would pass its cap, and says so.
    const atCap = openSetCount(snapshot.context) + snapshot.context.count >= CAPS.setsPerExercise
    expect(view.canIncrement).toBe(!atCap)
    expect(view.capNotice !== null).toBe(atCap && !snapshot.context.amsap && !editingSet)
    expect(view.addLabel.startsWith("Save set")).toBe(editingSet)
    // The weight field names its unit: the coach's while empty, the one it was typed in after.
    const { inputs, coachUnit, weightUnit } = snapshot.context
    const unit = inputs.weight === "" ? coachUnit : weightUnit
    const weight = view.fields.find((field) => field.name === "weight")
    if (weight !== undefined) {
      expect(weight.label).toBe(unit === "kg" ? "Weight (kg)" : "Weight (lbs)")
      if (inputs.weight === "heavy") expect(weight.error).toBe("weight must be a number")
    }
  }
  // The draft never holds more than a save may: the caps are met, never passed, and said.
  expect(snapshot.context.exercises.length).toBeLessThanOrEqual(CAPS.exercises)
  for (const exercise of snapshot.context.exercises)
    expect(exercise.sets.length).toBeLessThanOrEqual(CAPS.setsPerExercise)
  if (step === "workout") {
    const full = snapshot.context.exercises.length === CAPS.exercises
    expect(selectWorkoutStep(snapshot).capNotice).toBe(full ? "A workout holds at most 2 exercises." : null)
    if (full) expect(selectWorkoutStep(snapshot).canAddExercise).toBe(false)
  }
  if (step === "exercise") {
    const full = openSetCount(snapshot.context) === CAPS.setsPerExercise
    expect(selectExerciseStep(snapshot)).toMatchObject({
      canAddSet: !full,
      capNotice: full ? "An exercise holds at most 2 sets." : null
    })
  }

  // A saved builder forgets its draft and shows the day, once; nothing else leaves the screen.
  expect(effects.forgotten).toBe(step === "saved" ? 1 : 0)
  expect(effects.shown).toEqual(step === "saved" ? [builderDay] : [])
  if (step === "saved") return
  // Nothing is stored before a saved workout is read: a reload reads it again.
  if (step === "loading" || step === "loadFailed" || step === "notFound") {
    expect(effects.stored).toEqual([])
    return
  }

  // The draft last handed to storeDraft is this step and this draft, and a reload brings them back.
  const last = effects.stored.at(-1)
  expect(last?.step).toBe(step)
  // The coach's unit is not part of the draft (it is read again on every visit), nor is the
  // missing-name notice: it answers a press, and the reloaded exercise still has no name to leave with.
  // Neither is the client's name (read on every visit) nor a confirmed discard (asked again).
  const answered = { saveError: null, coachUnit: undefined, nameMissing: null, clientName: undefined }
  expect({ ...last?.context, ...answered, discardLogged: false }).toEqual({
    ...snapshot.context,
    ...answered,
    discardLogged: false
  })
  const stored = last === undefined ? null : toStoredDraft(last)
  if (stored !== null) {
    // A reload mounts with a fresh key, but the stored draft keeps its own: the retry is the same save.
    const restored = restoredSnapshot({ ...input, saveKey: "fresh-key-after-reload" }, stored)
    expect(restored && selectStep(restored)).toBe(step)
    // The coach's unit and the client's name are read again on every visit, so a reload starts without them.
    expect(restored?.context).toEqual({
      ...snapshot.context,
      saveError: null,
      coachUnit: "lb",
      nameMissing: null,
      clientName: { status: "reading" },
      discardLogged: false
    })
    expect(restored?.context.saveKey).toBe(snapshot.context.saveKey)
  } else expect(snapshot.context.category === null && snapshot.context.exercises.length === 0).toBe(true)
}

const replayed = [
  ...[...walk.walksForEveryTransition, ...unitWalks].map((edge) => ({ input: walkInput, edge })),
  ...editWalk.walksForEveryTransition.map((edge) => ({
    input: editInput,
    edge: { ...edge, name: `edit: ${edge.name}` }
  }))
]

describe("a running builder, driven along the model", () => {
  test.each(replayed.map(({ input, edge }) => [edge.name, input, edge] as const))("%s", async (_, input, edge) => {
    const running = runningBuilder(input)
    const { actor } = running
    const [initial] = initialTransition(builderMachine, input)
    await replayPath<BuilderSnapshot, ModelEvent>(initial, edge.path, actor, running.answers, (expected) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      expectWhatACoachSees(actual, running, input)
    })
    actor.stop()
  })

  test.each(openings.map((opening) => [opening.name, opening] as const))("%s", async (_, { input, events }) => {
    const running = runningBuilder(input)
    const { actor } = running
    const expected = takenAlong(builderMachine, input, events).snapshot
    await settleMicrotasks()
    for (const event of events) {
      const id = event.type.split(".").at(-1) ?? ""
      const answer = running.answers[id]
      if ("output" in event) answer?.done(event.output)
      else if ("error" in event) answer?.error(event.error)
    }
    await settleMicrotasks()
    expect(leafOf(actor.getSnapshot())).toBe(leafOf(expected))
    expect(actor.getSnapshot().context).toEqual(expected.context)
    expectWhatACoachSees(actor.getSnapshot(), running, input)
    actor.stop()
  })
})

describe("what the builder does with a coach's input (SPEC section 4)", () => {
  const run = (events: ReadonlyArray<BuilderEvent>) => {
    const actor = createActor(builderMachine, { input: builderInput }).start()
    for (const event of events) actor.send(event)
    const snapshot = actor.getSnapshot()
    actor.stop()
    return snapshot
  }
  const toSetBuilder: ReadonlyArray<BuilderEvent> = [
    { type: "category.select", category: "Strength" },
    { type: "exercise.add" },
    { type: "exercise.rename", name: "Back Squat" },
    { type: "setBuilder.open" }
  ]

  test("adding sets appends the chosen count and returns to the exercise; the next 'Add set' starts from the same values", () => {
    const snapshot = run([
      ...toSetBuilder,
      { type: "field.change", name: "reps", value: "5" },
      { type: "field.change", name: "rpe", value: "7.5" },
      { type: "count.increment" },
      { type: "count.increment" },
      { type: "sets.add" }
    ])
    expect(selectStep(snapshot)).toBe("exercise")
    expect(selectExerciseStep(snapshot).sets.map((set) => set.text)).toEqual([
      "5 reps, at RPE 7.5",
      "5 reps, at RPE 7.5",
      "5 reps, at RPE 7.5"
    ])
    expect(snapshot.context.exercises[0]?.sets.map((set) => set.set)).toEqual([0, 1, 2])
    // ADR 020: values, AMSAP and count carry over, SPEC's reset does not happen.
    const again = run([
      ...toSetBuilder,
      { type: "field.change", name: "reps", value: "5" },
      { type: "field.change", name: "weight", value: "275" },
      { type: "count.increment" },
      { type: "sets.add" },
      { type: "setBuilder.open" }
    ])
    expect(again.context.inputs).toMatchObject({ reps: "5", rpe: "8", weight: "275" })
    expect(selectSetBuilder(again)).toMatchObject({ amsap: false, count: 2, addLabel: "Add 2 sets" })
    // ...and into the next exercise, AMSAP included.
    const next = run([
      ...toSetBuilder,
      { type: "field.change", name: "reps", value: "3" },
      { type: "amsap.toggle" },
      { type: "sets.add" },
      { type: "exercise.submit" },
      { type: "exercise.add" },
      { type: "exercise.rename", name: "Bench Press" },
      { type: "setBuilder.open" }
    ])
    expect(next.context.inputs.reps).toBe("3")
    expect(selectSetBuilder(next)).toMatchObject({ amsap: true, addLabel: "Add 1 AMSAP set" })
  })

  test("a carried-over count is cut to the room the exercise has left", () => {
    const actor = createActor(builderMachine, {
      input: { ...builderInput, caps: { exercises: 2, setsPerExercise: 5 } }
    })
    actor.start()
    for (const event of [
      ...toSetBuilder,
      { type: "count.increment" },
      { type: "count.increment" },
      { type: "sets.add" },
      { type: "setBuilder.open" }
    ] as ReadonlyArray<BuilderEvent>)
      actor.send(event)
    expect(selectSetBuilder(actor.getSnapshot())).toMatchObject({ count: 2, canAdd: true, addLabel: "Add 2 sets" })
    actor.stop()
  })

  test("with AMSAP on, adding appends exactly one AMSAP set whatever the count", () => {
    const snapshot = run([...toSetBuilder, { type: "count.increment" }, { type: "amsap.toggle" }, { type: "sets.add" }])
    expect(snapshot.context.exercises[0]?.sets).toEqual([
      {
        set: 0,
        amsap: true,
        fields: [
          { name: "reps", value: "AMRAP" },
          { name: "rpe", value: 8 }
        ]
      }
    ])
  })

  test("a Strength workout starts with weight, reps and RPE on; HIIT and Timed with SPEC's reps and RPE", () => {
    const fieldsOf = (category: "Strength" | "HIIT" | "Timed") =>
      selectSetBuilder(run([{ type: "category.select", category }, ...toSetBuilder.slice(1)])).fields.map(
        (f) => f.label
      )
    expect(fieldsOf("Strength")).toEqual(["Reps", "RPE", "Weight (lbs)"])
    expect(fieldsOf("HIIT")).toEqual(["Reps", "RPE"])
    expect(fieldsOf("Timed")).toEqual(["Reps", "RPE"])
    // The coach's own choice survives choosing the same category again.
    const kept = run([
      ...toSetBuilder,
      { type: "fields.edit" },
      { type: "field.toggle", name: "weight" },
      { type: "step.back" },
      { type: "step.back" },
      { type: "exercise.submit" },
      { type: "step.back" },
      { type: "category.select", category: "Strength" }
    ])
    expect(kept.context.enabledFields).toEqual(["reps", "rpe"])
  })

  test("only fields toggled on and holding a value are saved into the set", () => {
    const snapshot = run([
      ...toSetBuilder,
      { type: "fields.edit" },
      { type: "field.toggle", name: "reps" },
      { type: "field.toggle", name: "e1rm_percent" },
      { type: "field.toggle", name: "weight" },
      { type: "step.back" },
      { type: "field.change", name: "e1rm_percent", value: "80" },
      { type: "sets.add" }
    ])
    expect(snapshot.context.exercises[0]?.sets[0]?.fields).toEqual([
      { name: "rpe", value: 8 },
      { name: "e1rm_percent", value: 80 }
    ])
  })

  test("the set-count stepper stops at 0, where 'Add 0 sets' is off and says why", () => {
    const atZero = run([...toSetBuilder, { type: "count.decrement" }, { type: "count.decrement" }])
    expect(selectSetBuilder(atZero)).toMatchObject({
      count: 0,
      canDecrement: false,
      addLabel: "Add 0 sets",
      canAdd: false,
      addBlocked: NO_SETS_TO_ADD
    })
    const snapshot = run([...toSetBuilder, { type: "count.decrement" }, { type: "sets.add" }])
    expect(selectStep(snapshot)).toBe("setBuilder")
    expect(snapshot.context.exercises[0]?.sets).toEqual([])
    // AMSAP adds its one set whatever the count.
    expect(
      selectSetBuilder(run([...toSetBuilder, { type: "count.decrement" }, { type: "amsap.toggle" }]))
    ).toMatchObject({ canAdd: true, addBlocked: null })
  })

  test("with no field on, adding a set is off and says why", () => {
    const noFields = run([
      ...toSetBuilder,
      { type: "fields.edit" },
      { type: "field.toggle", name: "reps" },
      { type: "field.toggle", name: "rpe" },
      { type: "field.toggle", name: "weight" },
      { type: "step.back" },
      { type: "sets.add" }
    ])
    expect(selectStep(noFields)).toBe("setBuilder")
    expect(selectSetBuilder(noFields)).toMatchObject({ fields: [], canAdd: false, addBlocked: NO_FIELDS_ON })
  })

  test("an exercise left with an empty name is removed, by submit or by back", () => {
    const bySubmit = run([
      { type: "category.select", category: "HIIT" },
      { type: "exercise.add" },
      { type: "exercise.submit" }
    ])
    const byBack = run([{ type: "category.select", category: "HIIT" }, { type: "exercise.add" }, { type: "step.back" }])
    expect(bySubmit.context.exercises).toEqual([])
    expect(byBack.context.exercises).toEqual([])
  })

  test("an exercise with sets and no name is kept on leaving, and the coach is told what is missing", () => {
    const unnamed: ReadonlyArray<BuilderEvent> = [
      ...toSetBuilder,
      { type: "count.increment" },
      { type: "count.increment" },
      { type: "sets.add" },
      { type: "exercise.rename", name: "  " }
    ]
    for (const leave of [{ type: "exercise.submit" }, { type: "step.back" }] as const) {
      const kept = run([...unnamed, leave])
      expect(selectStep(kept)).toBe("exercise")
      expect(kept.context.exercises[0]?.sets).toHaveLength(3)
      expect(selectExerciseStep(kept).nameMissing).toBe("Name this exercise before leaving: it has 3 sets.")
      // Naming it answers the notice, and then it may be left.
      const named = run([...unnamed, leave, { type: "exercise.rename", name: "Front Squat" }])
      expect(selectExerciseStep(named).nameMissing).toBeNull()
      const left = run([...unnamed, leave, { type: "exercise.rename", name: "Front Squat" }, leave])
      expect(selectWorkoutStep(left).exercises.map((exercise) => exercise.name)).toEqual(["Front Squat"])
    }
    // With its sets deleted it is an empty exercise again, removed on leaving as SPEC says.
    const emptied = run([
      ...unnamed,
      { type: "exercise.submit" },
      { type: "set.delete", index: 0 },
      { type: "set.delete", index: 0 },
      { type: "set.delete", index: 0 },
      { type: "exercise.submit" }
    ])
    expect(selectStep(emptied)).toBe("workout")
    expect(emptied.context.exercises).toEqual([])
  })

  test("submitting a workout with an exercise that has no sets says which one, and sends nothing", () => {
    const snapshot = run([
      { type: "category.select", category: "Strength" },
      { type: "exercise.add" },
      { type: "exercise.rename", name: "Deadlift" },
      { type: "exercise.submit" },
      { type: "workout.submit" }
    ])
    expect(leafOf(snapshot)).toBe("workout.incomplete")
    expect(selectWorkoutStep(snapshot).problem).toContain("Deadlift has no sets yet")
  })

  test("the app's builder stops at the contract's caps", () => {
    const actor = createActor(builderMachine, { input: builderInput }).start()
    expect(actor.getSnapshot().context.caps).toEqual(WORKOUT_CAPS)
    actor.send({ type: "category.select", category: "Strength" })
    for (let i = 0; i < WORKOUT_CAPS.exercises + 5; i++) {
      actor.send({ type: "exercise.add" })
      actor.send({ type: "exercise.rename", name: `Lift ${i}` })
      actor.send({ type: "setBuilder.open" })
      for (let more = 0; more < WORKOUT_CAPS.setsPerExercise + 5; more++) actor.send({ type: "count.increment" })
      actor.send({ type: "sets.add" })
      actor.send({ type: "exercise.submit" })
    }
    const { exercises } = actor.getSnapshot().context
    actor.stop()
    expect(exercises).toHaveLength(WORKOUT_CAPS.exercises)
    expect(exercises.every((exercise) => exercise.sets.length === WORKOUT_CAPS.setsPerExercise)).toBe(true)
    expect(
      Schema.decodeUnknownExit(SaveWorkoutPayload)({ ...builderDay, workout: toBuiltWorkout(exercises) })._tag
    ).toBe("Success")
  })

  test("choosing from the library keeps the exercise's id for the save; typing over the name drops it", () => {
    const chosen = run([
      { type: "category.select", category: "Strength" },
      { type: "exercise.add" },
      { type: "exercise.rename", name: "back sq" },
      { type: "exercise.choose", name: "Back Squat", exerciseId: "back-squat" }
    ])
    expect(selectExerciseStep(chosen).name).toBe("Back Squat")
    expect(toBuiltWorkout(chosen.context.exercises)).toEqual([
      { name: "Back Squat", exercise_id: "back-squat", sets: [] }
    ])
    const retyped = run([
      { type: "category.select", category: "Strength" },
      { type: "exercise.add" },
      { type: "exercise.choose", name: "Back Squat", exerciseId: "back-squat" },
      { type: "exercise.rename", name: "Back Squat (high bar)" },
      { type: "exercise.submit" }
    ])
    expect(toBuiltWorkout(retyped.context.exercises)).toEqual([{ name: "Back Squat (high bar)", sets: [] }])
  })

  test("a draft stored before the library (names only) still loads, and a stored id comes back", () => {
    const typedOnly = draftContext({ exercises: [{ name: "Deadlift", sets: squat.sets }] })
    const old = JSON.parse(toStoredDraft({ step: "workout", context: typedOnly }) ?? "null") as Record<string, unknown>
    expect(JSON.stringify(old)).not.toContain("exerciseId")
    expect(restoredSnapshot(builderInput, JSON.stringify(old))?.context.exercises).toEqual(typedOnly.exercises)
    const linked = toStoredDraft({ step: "workout", context: draftContext() })
    expect(restoredSnapshot(builderInput, linked)?.context.exercises[0]?.exerciseId).toBe("back-squat")
  })

  const weightOf = (unit: "lb" | "kg" | null, afterTyping: ReadonlyArray<BuilderEvent> = []) => [
    ...toSetBuilder,
    ...(unit === null ? [] : [{ type: "unit.known", unit } as const]),
    // Strength starts with the weight on (ADR 020).
    { type: "field.change", name: "weight", value: "100" } as const,
    ...afterTyping,
    { type: "sets.add" } as const
  ]

  test("a kg coach's weight field says kg, and its sets are saved and listed in kg", () => {
    const snapshot = run(weightOf("kg").slice(0, -1))
    expect(selectSetBuilder(snapshot).fields.find((field) => field.name === "weight")?.label).toBe("Weight (kg)")
    const added = run(weightOf("kg"))
    expect(added.context.exercises[0]?.sets[0]?.weight_unit).toBe("kg")
    expect(selectExerciseStep(added).sets[0]?.text).toBe("100 kg, AMRAP, at RPE 8")
    const tooHeavy = run([...weightOf("kg").slice(0, -2), { type: "field.change", name: "weight", value: "2500" }])
    expect(selectSetBuilder(tooHeavy).fields.find((f) => f.name === "weight")?.error).toBe(
      "weight must be between 0 and 2000 kg"
    )
  })

  test("without the coach's unit (unread, or not yet) weights are lb, and one typed before it came in stays lb", () => {
    const unread = run(weightOf(null))
    expect(unread.context.exercises[0]?.sets[0]?.weight_unit).toBe("lb")
    expect(selectExerciseStep(unread).sets[0]?.text).toBe("100 lbs, AMRAP, at RPE 8")
    const late = run(weightOf(null, [{ type: "unit.known", unit: "kg" }]))
    expect(late.context.exercises[0]?.sets[0]?.weight_unit).toBe("lb")
    // The carried-over weight (ADR 020) keeps the unit it was typed in...
    const carried = [...weightOf(null, [{ type: "unit.known", unit: "kg" }]), { type: "setBuilder.open" } as const]
    expect(selectSetBuilder(run(carried)).fields).toContainEqual(
      expect.objectContaining({ name: "weight", label: "Weight (lbs)", value: "100" })
    )
    // ...and a weight typed into the emptied field is in the coach's unit.
    const retyped = run([
      ...carried,
      { type: "field.change", name: "weight", value: "" },
      { type: "field.change", name: "weight", value: "50" },
      { type: "sets.add" }
    ])
    expect(retyped.context.exercises[0]?.sets[1]?.weight_unit).toBe("kg")
  })

  test("a draft stored before units keeps its weights in lb", () => {
    const stored = JSON.parse(
      toStoredDraft({ step: "setBuilder", context: draftContext({ editing: 0 }) }) ?? "null"
    ) as Record<string, unknown>
    const { weightUnit: _dropped, ...old } = stored
    const restored = restoredSnapshot(
      builderInput,
      JSON.stringify({ ...old, inputs: { ...(old.inputs as object), weight: "95" } })
    )
    expect(restored?.context.weightUnit).toBe("lb")
    expect(restored && selectExerciseStep(restored).sets[0]?.text).toBe("225 lbs, 5 reps, at RPE 8")
  })

  test("a draft stored before keys (version 1) is restored with the fresh key", () => {
    const stored = JSON.parse(toStoredDraft({ step: "workout", context: draftContext() }) ?? "null") as Record<
      string,
      unknown
    >
    const { saveKey: _key, ...withoutKey } = stored
    const restored = restoredSnapshot(
      { ...builderInput, saveKey: "fresh-key-for-old-draft" },
      JSON.stringify({ ...withoutKey, version: 1 })
    )
    expect(restored?.context.saveKey).toBe("fresh-key-for-old-draft")
    expect(restored?.context.exercises).toEqual(draftContext().exercises)
  })

  test("KeyReused on save says the earlier version is stored and gives the draft its next key; a lost answer or another 409 keeps it", () => {
    const fromFailure = (error: Error) => {
      const saving = builderMachine.provide({ actors: { saveWorkout: fromPromise(() => Promise.reject(error)) } })
      const editing = builderMachine.resolveState({ value: { workout: "editing" }, context: draftContext() })
      const actor = createActor(saving, { input: builderInput, snapshot: editing }).start()
      actor.send({ type: "workout.submit" })
      return actor
    }
    const conflict = fromFailure(new KeyReused({ error: savedEarlier.error }))
    const lost = fromFailure(new GatewayDefect({ reason: "network", message: serverDown.message }))
    // Matched by tag, never by words: a generic 409 naming the key is just a failure.
    const generic = fromFailure(new Conflict({ error: savedEarlier.error }))
    return new Promise<void>((done) =>
      setTimeout(() => {
        expect(leafOf(conflict.getSnapshot())).toBe("workout.failed")
        expect(conflict.getSnapshot().context).toMatchObject({
          saveError: SAVED_EARLIER,
          saveKey: "draft-key-0123456789abcdef-r1"
        })
        expect(lost.getSnapshot().context.saveKey).toBe("draft-key-0123456789abcdef")
        expect(generic.getSnapshot().context).toMatchObject({
          saveError: `The workout was not saved. ${savedEarlier.error}`,
          saveKey: "draft-key-0123456789abcdef"
        })
        expect(nextSaveKey("draft-key-0123456789abcdef-r1")).toBe("draft-key-0123456789abcdef-r2")
        conflict.stop()
        lost.stop()
        generic.stop()
        done()
      }, 0)
    )
  })

  test("an exercise name the contract would refuse (a zero-width-only or escape-laden one) is caught before sending", () => {
    for (const name of ["\u200B\u200B", "\u001b[31mSquat", "Squat\u202E"]) {
      const snapshot = run([
        { type: "category.select", category: "Strength" },
        { type: "exercise.add" },
        { type: "exercise.rename", name },
        { type: "setBuilder.open" },
        { type: "sets.add" },
        { type: "exercise.submit" },
        { type: "workout.submit" }
      ])
      expect(leafOf(snapshot), JSON.stringify(name)).toBe("workout.incomplete")
      expect(selectWorkoutStep(snapshot).problem).toBe(unreadableName(0))
    }
  })

  test("a draft that does not decode is ignored rather than restored", () => {
    expect(restoredSnapshot(builderInput, "{not json")).toBeUndefined()
    expect(
      restoredSnapshot(builderInput, JSON.stringify({ version: 1, step: "workout", exercises: "lots" }))
    ).toBeUndefined()
  })
})

describe("the title and each exercise's coaching details", () => {
  /** A builder whose save records what it was sent and never answers, so the submit stays in 'saving'. */
  const submitted = (events: ReadonlyArray<BuilderEvent>, input: BuilderStart = builderInput) => {
    const sent: Array<BuilderSubmission> = []
    const machine = builderMachine.provide({
      actors: {
        saveWorkout: fromPromise<unknown, BuilderSubmission>(({ input: submission }) => {
          sent.push(submission)
          return new Promise(() => undefined)
        })
      }
    })
    const actor = createActor(machine, { input }).start()
    for (const event of events) actor.send(event)
    const snapshot = actor.getSnapshot()
    actor.stop()
    return { snapshot, sent }
  }
  const exercise = (name: string, details: ReadonlyArray<BuilderEvent>): ReadonlyArray<BuilderEvent> => [
    { type: "exercise.add" },
    { type: "exercise.rename", name },
    { type: "setBuilder.open" },
    { type: "sets.add" },
    ...details,
    { type: "exercise.submit" }
  ]
  const pullUp: ReadonlyArray<BuilderEvent> = [
    { type: "exercise.detail", name: "superset", value: "A" },
    { type: "exercise.detail", name: "rest", value: "0" },
    { type: "exercise.detail", name: "tempo", value: "21x1" },
    // The contract keeps a note to one line: a line break typed into it is sent as a space.
    { type: "exercise.detail", name: "note", value: "  full hang\nno kip " }
  ]
  const dip: ReadonlyArray<BuilderEvent> = [
    { type: "exercise.detail", name: "superset", value: "A" },
    { type: "exercise.detail", name: "rest", value: "90" }
  ]
  const upperPull: ReadonlyArray<BuilderEvent> = [
    { type: "category.select", category: "Strength" },
    { type: "title.change", value: " Upper pull " },
    ...exercise("Pull-up", pullUp),
    ...exercise("Dip", dip)
  ]

  test("a new workout is saved with its title and each exercise's superset, rest, tempo and note", () => {
    const { snapshot, sent } = submitted([...upperPull, { type: "workout.submit" }])
    expect(leafOf(snapshot)).toBe("workout.saving")
    const [submission] = sent
    expect(submission?.kind).toBe("save")
    const payload = Schema.decodeUnknownSync(SaveWorkoutPayload)(submission?.payload)
    expect(payload.title).toBe("Upper pull")
    expect(payload.workout.map(({ sets: _sets, ...rest }) => rest)).toEqual([
      { name: "Pull-up", superset: "A", rest_seconds: 0, tempo: "21X1", note: "full hang no kip" },
      { name: "Dip", superset: "A", rest_seconds: 90 }
    ])
  })

  test("the workout step lists them as the lifter will read them: A1, A2, the tempo, the rest and the note", () => {
    const { snapshot } = submitted(upperPull)
    expect(selectWorkoutStep(snapshot).title).toBe(" Upper pull ")
    expect(
      selectWorkoutStep(snapshot).exercises.map(({ name, label, coaching, note }) => ({ name, label, coaching, note }))
    ).toEqual([
      { name: "Pull-up", label: "A1", coaching: "Tempo 21X1 · No rest", note: "full hang no kip" },
      { name: "Dip", label: "A2", coaching: "Rest 1:30 min", note: null }
    ])
    // A letter alone (no neighbour shares it) is no superset.
    const { snapshot: apart } = submitted([
      ...upperPull,
      { type: "exercise.open", index: 1 },
      { type: "exercise.detail", name: "superset", value: "" },
      { type: "exercise.submit" }
    ])
    expect(selectWorkoutStep(apart).exercises.map((each) => each.label)).toEqual([null, null])
  })

  test("a save without a title sends none, and clearing the details sends none of them", () => {
    const { sent } = submitted([
      { type: "category.select", category: "Strength" },
      { type: "title.change", value: "Gone" },
      { type: "title.change", value: "   " },
      ...exercise("Pull-up", [
        ...pullUp,
        ...(["superset", "rest", "tempo", "note"] as const).map((name): BuilderEvent => ({
          type: "exercise.detail",
          name,
          value: ""
        }))
      ]),
      { type: "workout.submit" }
    ])
    const payload = sent[0]?.payload as SaveWorkoutPayload
    expect("title" in payload).toBe(false)
    expect(Object.keys(payload.workout[0] ?? {}).sort()).toEqual(["name", "sets"])
  })

  test("a half-typed tempo is kept, said under the field, and stops the submit naming the exercise", () => {
    const typing = submitted([
      ...upperPull,
      { type: "exercise.open", index: 0 },
      { type: "exercise.detail", name: "tempo", value: "31" }
    ]).snapshot
    expect(selectExerciseDetails(typing)).toMatchObject({
      tempo: "31",
      tempoError: "The tempo of Pull-up must be four digits or X, like 31X0."
    })
    const { snapshot, sent } = submitted([
      ...upperPull,
      { type: "exercise.open", index: 0 },
      { type: "exercise.detail", name: "tempo", value: "31" },
      { type: "exercise.submit" },
      { type: "workout.submit" }
    ])
    expect(leafOf(snapshot)).toBe("workout.incomplete")
    expect(selectWorkoutStep(snapshot).problem).toBe("The tempo of Pull-up must be four digits or X, like 31X0.")
    expect(sent).toEqual([])
    // The list shows what would be saved: nothing of a tempo that is not one yet.
    expect(selectWorkoutStep(snapshot).exercises[0]?.coaching).toBe("No rest")
  })

  test("a title or note the contract would refuse is said before anything is sent", () => {
    const longTitle = submitted([
      ...upperPull,
      { type: "title.change", value: "x".repeat(61) },
      { type: "workout.submit" }
    ])
    expect(selectWorkoutStep(longTitle.snapshot).problem).toBe("The title holds at most 60 characters; it has 61.")
    const escape = submitted([
      ...upperPull,
      { type: "exercise.open", index: 0 },
      { type: "exercise.detail", name: "note", value: "\u001b[31mred" },
      { type: "exercise.submit" },
      { type: "workout.submit" }
    ])
    expect(selectWorkoutStep(escape.snapshot).problem).toBe(
      "The note on Pull-up has invisible or control characters. Retype it before submitting."
    )
    expect([longTitle.sent, escape.sent]).toEqual([[], []])
  })

  test("the rest and superset selects offer the usual choices, and a value from elsewhere too", () => {
    const { snapshot } = submitted([
      ...upperPull,
      { type: "exercise.open", index: 0 },
      { type: "exercise.detail", name: "rest", value: "75" },
      { type: "exercise.detail", name: "superset", value: "G" }
    ])
    const view = selectExerciseDetails(snapshot)
    expect(view.restOptions.map((option) => option.label)).toEqual([
      "Lifter's choice",
      "No rest",
      "30 s",
      "45 s",
      "1 min",
      "1:30 min",
      "2 min",
      "3 min",
      "4 min",
      "5 min",
      "1:15 min"
    ])
    expect(view.supersetOptions.map((option) => option.value)).toEqual(["", "A", "B", "C", "D", "E", "F", "G"])
  })

  test("renaming or choosing the exercise keeps its details", () => {
    const { snapshot } = submitted([
      ...upperPull,
      { type: "exercise.open", index: 0 },
      { type: "exercise.rename", name: "Chin-up" },
      { type: "exercise.choose", name: "Pull-up", exerciseId: "pull-up" }
    ])
    expect(snapshot.context.exercises[0]).toMatchObject({
      name: "Pull-up",
      exerciseId: "pull-up",
      superset: "A",
      rest: "0",
      tempo: "21x1"
    })
  })

  test("a typed workout's title and details come into the draft; without a Title line the draft keeps its title", () => {
    const text = "Title: Upper pull\nA1 Pull-up 3x8 rest 0 tempo 21X1 # full hang\nA2 Dip 3x10 rest 90s"
    const view = readTypedWorkout(text, "lb", libraryResolver(fullLibrary))
    const workout = view.workout ?? []
    const { snapshot } = submitted([
      { type: "category.select", category: "Strength" },
      { type: "exercises.replace", exercises: workout, title: view.title }
    ])
    expect(snapshot.context.title).toBe("Upper pull")
    expect(snapshot.context.exercises.map(({ sets: _sets, ...rest }) => rest)).toEqual([
      { name: "Pull-Up", exerciseId: "pull-up", superset: "A", rest: "0", tempo: "21X1", note: "full hang" },
      { name: "Dip", exerciseId: "dip", superset: "A", rest: "90" }
    ])
    expect(toBuiltWorkout(snapshot.context.exercises)).toEqual(workout)
    const kept = submitted([
      { type: "category.select", category: "Strength" },
      { type: "title.change", value: "Typed in the field" },
      { type: "exercises.replace", exercises: workout }
    ]).snapshot
    expect(kept.context.title).toBe("Typed in the field")
  })

  test("editing a saved workout reads its title and details, and sends them back", async () => {
    const rows = [
      workoutRowFixture({
        id: 601,
        date: builderDay.date,
        exercise: "Pull-up",
        reps: 8,
        workout_title: "Upper pull",
        superset: "A",
        rest_seconds: 0,
        tempo: "21X1",
        note: "full hang"
      }),
      workoutRowFixture({
        id: 602,
        date: builderDay.date,
        exercise: "Dip",
        exercise_order: 1,
        reps: 10,
        workout_title: "Upper pull",
        superset: "A",
        rest_seconds: 90
      })
    ]
    const day = groupRowsByDate(rows)
    const saved = findWorkout({ data: day }, builderDay.date, 0)
    const loaded = saved === null ? null : loadedWorkout(saved, [])
    expect(loaded?.title).toBe("Upper pull")
    const sent: Array<BuilderSubmission> = []
    const machine = builderMachine.provide({
      actors: {
        loadWorkout: fromPromise(() => Promise.resolve(loaded)),
        saveWorkout: fromPromise<unknown, BuilderSubmission>(({ input }) => {
          sent.push(input)
          return new Promise(() => undefined)
        })
      }
    })
    const actor = createActor(machine, { input: { ...builderInput, workoutOrder: 0 } }).start()
    await settleMicrotasks()
    expect(leafOf(actor.getSnapshot())).toBe("workout.editing")
    expect(selectWorkoutStep(actor.getSnapshot()).exercises.map((each) => [each.label, each.coaching])).toEqual([
      ["A1", "Tempo 21X1 · No rest"],
      ["A2", "Rest 1:30 min"]
    ])
    actor.send({ type: "workout.submit" })
    actor.stop()
    const payload = Schema.decodeUnknownSync(EditWorkoutPayload)(sent[0]?.payload)
    expect(payload.title).toBe("Upper pull")
    expect(payload.workout.map(({ sets, ...rest }) => ({ ...rest, ids: sets.map((set) => set.id) }))).toEqual([
      {
        name: "Pull-up",
        exercise_id: "pull-up",
        superset: "A",
        rest_seconds: 0,
        tempo: "21X1",
        note: "full hang",
        ids: [601]
      },
      { name: "Dip", exercise_id: "dip", superset: "A", rest_seconds: 90, ids: [602] }
    ])
  })

  test("a stored draft keeps the title and a half-typed tempo; one stored before them still resumes", () => {
    const context = draftContext({
      title: "Heavy lower",
      editing: 0,
      exercises: [{ ...squat, superset: "B", rest: "180", tempo: "31", note: "Knees out" }, benchAmsap]
    })
    const stored = toStoredDraft({ step: "exercise", context })
    const restored = restoredSnapshot(builderInput, stored)
    expect(restored?.context.title).toBe("Heavy lower")
    expect(restored?.context.exercises).toEqual(context.exercises)
    expect(restored && selectExerciseDetails(restored).tempo).toBe("31")
    // Stored before titles and details: neither key is there.
    const old = JSON.parse(toStoredDraft({ step: "workout", context: draftContext() }) ?? "null") as Record<
      string,
      unknown
    >
    const { title: _title, ...withoutTitle } = old
    expect(JSON.stringify(withoutTitle)).not.toMatch(/"(title|superset|rest|tempo|note)"/)
    const resumed = restoredSnapshot(builderInput, JSON.stringify(withoutTitle))
    expect(resumed?.context.title).toBe("")
    expect(resumed?.context.exercises).toEqual(draftContext().exercises)
    expect(resumed && selectStep(resumed)).toBe("workout")
  })
})
