/**
 * The builder's typed workout (docs/workout-notation.md, "In the builder"): the text read
 * against the coach's library and unit, what each line shows, and the draft it makes,
 * which is the draft the five steps make for the same workout.
 */
import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import type { LibraryExercise } from "#domain/exercises.ts"
import { builderInput, draftContext, editContext } from "#machines/builder/builder.fixtures.ts"
import { builderMachine } from "#machines/builder/builder.machine.ts"
import { libraryResolver, readTypedWorkout } from "#machines/builder/builder.notation.selectors.ts"
import { canReplaceExercises, selectNotationTarget } from "#machines/builder/builder.selectors.ts"
import type { BuilderEvent, BuilderStart } from "#machines/builder/builder.types.ts"
import { toBuiltWorkout } from "#machines/builder/builder.workout.ts"
import { fullLibrary, spotoPress } from "#machines/exercise-library/exercise-library.fixtures.ts"

const THREE = "Back Squat 5x5 @75%\nBench 3x8 @RPE8\nDeadlift 1x5 @315, 2x5 -10%"
const resolve = libraryResolver(fullLibrary)

const run = (events: ReadonlyArray<BuilderEvent>, input: BuilderStart = builderInput) => {
  const actor = createActor(builderMachine, { input }).start()
  for (const event of events) actor.send(event)
  const snapshot = actor.getSnapshot()
  actor.stop()
  return snapshot
}

const repeat = <E>(event: E, times: number): ReadonlyArray<E> => Array.from({ length: times }, () => event)

describe("names typed in the builder", () => {
  test("a catalogue name or alias links to the catalogue exercise, under the library's name", () => {
    expect(resolve("back squat")).toEqual({ name: "Back Squat", exercise_id: "back-squat" })
    expect(resolve("Bench")).toEqual({ name: "Bench Press", exercise_id: "bench-press" })
    expect(resolve("DL")).toEqual({ name: "Deadlift", exercise_id: "deadlift" })
  })

  test("the coach's own exercise links by its name, in any case; anything else stays as typed", () => {
    expect(resolve("spoto press")).toEqual({ name: spotoPress.name, exercise_id: spotoPress.id })
    expect(resolve("Zercher Lunge")).toEqual({ name: "Zercher Lunge" })
  })

  test("before the library has loaded, catalogue names still link; the coach's own wait for it", () => {
    const unloaded = libraryResolver([])
    expect(unloaded("Bench")).toEqual({ name: "Bench Press", exercise_id: "bench-press" })
    expect(unloaded("Spoto Press")).toEqual({ name: "Spoto Press" })
  })

  test("a canonical name wins over a coach's exercise that shares it", () => {
    const shadow: LibraryExercise = { ...spotoPress, id: "custom-9", name: "Deadlift" }
    expect(libraryResolver([...fullLibrary, shadow])("Deadlift")).toEqual({ name: "Deadlift", exercise_id: "deadlift" })
  })
})

describe("what each typed line shows", () => {
  test("each line's exercise, whether the library knows it, and its sets in words", () => {
    const view = readTypedWorkout(`${THREE}\n\nZercher Lunge 3x10 @60kg AMSAP`, "lb", resolve)
    expect(view.errorCount).toBe(0)
    expect(view.lines.map((line) => [line.line, line.exercises.map((e) => [e.name, e.linked, e.sets])])).toEqual([
      [1, [["Back Squat", true, "5 × 5 @ 75% of max"]]],
      [2, [["Bench Press", true, "3 × 8 @ RPE 8"]]],
      [3, [["Deadlift", true, "1 × 5 @ 315 lbs, 2 × 5 at 10% backoff"]]],
      [5, [["Zercher Lunge", false, "3 × 10 @ 60 kg AMSAP"]]]
    ])
    expect(view.workout).toHaveLength(4)
  })

  test("a weight without a unit is in the coach's unit", () => {
    const [line] = readTypedWorkout("Deadlift 1x5 @140", "kg", resolve).lines
    expect(line?.exercises[0]?.sets).toBe("1 × 5 @ 140 kg")
  })

  test("a failed line says where and why, with the caret's place; the others still read, and nothing is offered", () => {
    const view = readTypedWorkout("Back Squat 5x5 @75%\nBench 3x8 @RPE11", "lb", resolve)
    expect(view.errorCount).toBe(1)
    expect(view.workout).toBeUndefined()
    expect(view.lines[0]?.error).toBeNull()
    expect(view.lines[1]?.error).toEqual({
      column: 15,
      pad: " ".repeat(14),
      message: "RPE must be from 1 to 10 in steps of 0.5, like 8 or 8.5 at column 15"
    })
    expect(view.lines[1]?.source).toBe("Bench 3x8 @RPE11")
  })

  test("supersets show their labels; set groups of every kind are said", () => {
    const view = readTypedWorkout("A1 Pull-up 3xAMRAP / A2 Dip 3x10 @80%e1RM", "lb", resolve)
    expect(view.lines[0]?.exercises.map((e) => [e.label, e.sets])).toEqual([
      ["A1", "3 × AMRAP"],
      ["A2", "3 × 10 @ 80% of e1RM"]
    ])
    const [press] = readTypedWorkout("Press 1x3 @102.5kg @RPE8.5", "lb", resolve).lines
    expect(press?.exercises[0]?.sets).toBe("1 × 3 @ 102.5 kg @ RPE 8.5")
  })

  test("a Title line shows the title; rest, tempo and a note show as the lifter will read them", () => {
    const view = readTypedWorkout(
      "Title: Upper pull\nA1 Pull-up 3x8 rest 0 tempo 21X1 # full hang\nA2 Dip 3x10 rest 90s",
      "lb",
      resolve
    )
    expect(view.title).toBe("Upper pull")
    expect(view.lines.map((line) => line.title)).toEqual(["Upper pull", null, null])
    expect(view.lines.map((line) => line.exercises.map((e) => [e.label, e.name, e.coaching, e.note]))).toEqual([
      [],
      [["A1", "Pull-Up", "Tempo 21X1 · No rest", "full hang"]],
      [["A2", "Dip", "Rest 1:30 min", null]]
    ])
    expect(view.workout?.map((exercise) => exercise.superset)).toEqual(["A", "A"])
  })
})

describe("the typed workout in the draft", () => {
  test("the wizard's five steps and the typed text make the same draft, and so the same save", () => {
    const wizard = run([
      { type: "category.select", category: "Strength" },
      // Back Squat 5x5 @75%: reps and % of max on, weight and RPE off.
      { type: "exercise.add" },
      { type: "exercise.choose", name: "Back Squat", exerciseId: "back-squat" },
      { type: "setBuilder.open" },
      { type: "fields.edit" },
      { type: "field.toggle", name: "weight" },
      { type: "field.toggle", name: "rpe" },
      { type: "field.toggle", name: "max_percent" },
      { type: "step.back" },
      { type: "field.change", name: "reps", value: "5" },
      { type: "field.change", name: "max_percent", value: "75" },
      ...repeat({ type: "count.increment" } as const, 4),
      { type: "sets.add" },
      { type: "exercise.submit" },
      // Bench 3x8 @RPE8: the count carries over from 5.
      { type: "exercise.add" },
      { type: "exercise.choose", name: "Bench Press", exerciseId: "bench-press" },
      { type: "setBuilder.open" },
      { type: "fields.edit" },
      { type: "field.toggle", name: "max_percent" },
      { type: "field.toggle", name: "rpe" },
      { type: "step.back" },
      { type: "field.change", name: "reps", value: "8" },
      { type: "field.change", name: "rpe", value: "8" },
      ...repeat({ type: "count.decrement" } as const, 2),
      { type: "sets.add" },
      { type: "exercise.submit" },
      // Deadlift 1x5 @315, then 2x5 -10%.
      { type: "exercise.add" },
      { type: "exercise.choose", name: "Deadlift", exerciseId: "deadlift" },
      { type: "setBuilder.open" },
      { type: "fields.edit" },
      { type: "field.toggle", name: "rpe" },
      { type: "field.toggle", name: "weight" },
      { type: "step.back" },
      { type: "field.change", name: "reps", value: "5" },
      { type: "field.change", name: "weight", value: "315" },
      ...repeat({ type: "count.decrement" } as const, 2),
      { type: "sets.add" },
      { type: "setBuilder.open" },
      { type: "fields.edit" },
      { type: "field.toggle", name: "weight" },
      { type: "field.toggle", name: "backoff_percent" },
      { type: "step.back" },
      { type: "field.change", name: "backoff_percent", value: "10" },
      { type: "count.increment" },
      { type: "sets.add" },
      { type: "exercise.submit" }
    ])
    const workout = readTypedWorkout(THREE, "lb", resolve).workout
    if (workout === undefined) throw new Error("the three lines did not parse")
    const typed = run([
      { type: "category.select", category: "Strength" },
      { type: "exercises.replace", exercises: workout }
    ])
    expect(wizard.matches({ workout: "editing" })).toBe(true)
    expect(typed.matches({ workout: "editing" })).toBe(true)
    expect(typed.context.exercises).toEqual(wizard.context.exercises)
    expect(toBuiltWorkout(typed.context.exercises)).toEqual(toBuiltWorkout(wizard.context.exercises))
    // The exact sets: 5x5 at 75% of max; 3x8 at RPE 8; a 315 lb top set and two 10% backoffs.
    expect(toBuiltWorkout(typed.context.exercises).map((e) => [e.exercise_id, e.sets.length])).toEqual([
      ["back-squat", 5],
      ["bench-press", 3],
      ["deadlift", 3]
    ])
    expect(typed.context.exercises[2]?.sets).toEqual([
      {
        set: 0,
        amsap: false,
        weight_unit: "lb",
        fields: [
          { name: "reps", value: 5 },
          { name: "weight", value: 315 }
        ]
      },
      ...[1, 2].map((set) => ({
        set,
        amsap: false,
        fields: [
          { name: "reps", value: 5 },
          { name: "backoff_percent", value: 10 }
        ]
      }))
    ])
  })

  test("the typed exercises take the place of the draft's, which keeps its key, day and client", () => {
    const workout = readTypedWorkout("Bench 3x8 @RPE8", "lb", resolve).workout
    if (workout === undefined) throw new Error("did not parse")
    const actor = createActor(builderMachine, {
      input: { ...builderInput, resume: { step: "workout", context: draftContext({ editing: null }) } }
    }).start()
    actor.send({ type: "exercises.replace", exercises: workout })
    const { context } = actor.getSnapshot()
    actor.stop()
    expect(context.exercises.map((exercise) => exercise.name)).toEqual(["Bench Press"])
    expect([context.saveKey, context.clientId, context.date]).toEqual([
      builderInput.saveKey,
      builderInput.clientId,
      builderInput.date
    ])
  })

  test("an edit of a saved workout is never offered the typed text: its set ids would be lost", () => {
    const workout = readTypedWorkout("Bench 3x8 @RPE8", "lb", resolve).workout
    const snapshot = run([], {
      ...builderInput,
      workoutOrder: 0,
      resume: { step: "workout", context: editContext() }
    })
    expect(snapshot.matches("workout")).toBe(true)
    expect(selectNotationTarget(snapshot)).toEqual({ offered: false, unit: "lb" })
    expect(canReplaceExercises(snapshot, workout)).toBe(false)
  })
})
