import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import {
  benchAmsap,
  builderInput,
  dipA2,
  draftContext,
  editContext,
  pullUpA1,
  squat,
  unsetDeadlift
} from "#machines/builder/builder.fixtures.ts"
import { SAME_SETS_NOTE } from "#machines/builder/builder.selectors.ts"
import { buildSets, WORKOUT_CAPS } from "#domain/workout.ts"
import { NO_FIELDS_ON, NO_SETS_TO_ADD, SAVED_EARLIER } from "#machines/builder/builder.workout.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { initialBuilderContext, type BuilderContext } from "#machines/builder/builder.types.ts"
import { BuilderStory, laterStepsLoaded } from "./builder-story.tsx"

function BuilderScreen({ state, context }: { state: string; context: BuilderContext }) {
  return <BuilderStory state={state} context={context} />
}

const meta = {
  title: "Coach/WorkoutBuilder",
  component: BuilderScreen,
  loaders: [laterStepsLoaded],
  parameters: { machine: "builder", route: "/coach/workoutbuilder/7/03-02-2026" }
} satisfies Meta<typeof BuilderScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: BuilderContext) => ({
  args: { state, context },
  parameters: { machineState: state }
})

export const Categories: Story = {
  ...inState("categories", initialBuilderContext(builderInput)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Workout Categories" })).toBeVisible()
    for (const name of ["Strength", "HIIT", "Timed"]) await expect(canvas.getByRole("button", { name })).toBeEnabled()
    await expect(canvas.getByRole("link", { name: "Back to workouts" })).toHaveAttribute(
      "href",
      "/coach/workouts/7/03-02-2026"
    )
    // The first step keeps the page's focus; each next step's heading takes it (ADR 020).
    await expect(canvas.getByRole("heading", { name: "Workout Categories" })).not.toHaveFocus()
    await userEvent.click(canvas.getByRole("button", { name: "Strength" }))
    await expect(await canvas.findByRole("heading", { name: "Workout Assignment" })).toHaveFocus()
    // Strength's usual fields are on without a visit to 'Edit fields' (ADR 020).
    await userEvent.click(canvas.getByRole("button", { name: "Add exercise" }))
    await expect(await canvas.findByRole("heading", { name: "Exercise Assignment" })).toHaveFocus()
    await userEvent.click(canvas.getByRole("button", { name: "Add set" }))
    await expect(await canvas.findByRole("heading", { name: "Set Builder" })).toHaveFocus()
    for (const name of ["Weight (lbs)", "Reps", "RPE"]) await expect(canvas.getByLabelText(name)).toBeVisible()
  }
}

/** HIIT and Timed are the same set builder as Strength, and say so under their buttons (ADR 023). */
export const CategoriesSayHiitAndTimedAreSets: Story = {
  ...inState("categories", initialBuilderContext(builderInput)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const name of ["HIIT", "Timed"]) {
      await expect(canvas.getByRole("button", { name })).toHaveAccessibleDescription(SAME_SETS_NOTE)
    }
    await expect(canvas.getByRole("button", { name: "Strength" })).not.toHaveAccessibleDescription(SAME_SETS_NOTE)
  }
}

export const WorkoutEditing: Story = {
  ...inState("workout.editing", draftContext()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Monday, March 2, 2026")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Back Squat" })).toBeVisible()
    await expect(canvas.getAllByText(/225 lbs, 5 reps, at RPE 8/)).toHaveLength(3)
    await expect(canvas.getByText(/AMRAP, for AMSAP/)).toBeVisible()
    for (const name of ["Add exercise", "Back to categories", "Submit Workout"]) {
      await expect(canvas.getByRole("button", { name })).toBeEnabled()
    }
    await userEvent.click(canvas.getByRole("button", { name: "Delete Bench Press" }))
    await expect(canvas.queryByRole("button", { name: "Bench Press" })).toBeNull()
  }
}

/** A titled workout with a superset: the title in its field, A1 and A2, each one's tempo, rest and note. */
export const WorkoutWithATitleAndASuperset: Story = {
  ...inState("workout.editing", draftContext({ title: "Upper pull", exercises: [pullUpA1, dipA2, squat] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const title = await canvas.findByRole("textbox", { name: "Title (optional)" })
    await expect(title).toHaveValue("Upper pull")
    const rows = within(canvas.getByRole("list", { name: "Exercises" })).getAllByRole("listitem")
    await expect(rows[0]).toHaveTextContent(/^A1Pull-UpTempo 21X1 · No restfull hang/)
    await expect(rows[1]).toHaveTextContent(/^A2DipRest 1:30 min/)
    // Standing alone, Back Squat has no label and prescribes neither.
    await expect(rows[2]).toHaveTextContent(/^Back SquatSet 1/)
    await userEvent.clear(title)
    await userEvent.type(title, "Pull day")
    await expect(title).toHaveValue("Pull day")
    // The field holds no more than a title may.
    await expect(title).toHaveAttribute("maxlength", "60")
  }
}

/** A tempo that is not one stops the submit, and the message names the exercise. */
export const WorkoutWithAHalfTypedTempo: Story = {
  ...inState("workout.incomplete", draftContext({ exercises: [{ ...squat, tempo: "31" }, benchAmsap] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "The tempo of Back Squat must be four digits or X, like 31X0."
    )
    // Opening the exercise shows the tempo as typed, with the same words under it.
    await userEvent.click(canvas.getByRole("button", { name: "Back Squat" }))
    const tempo = await canvas.findByRole("textbox", { name: "Tempo" })
    await expect(tempo).toHaveValue("31")
    await expect(tempo).toBeInvalid()
    await expect(tempo).toHaveAccessibleDescription(/The tempo of Back Squat must be four digits or X, like 31X0\./)
  }
}

/** As many exercises as a save may hold: 'Add exercise' is off and the cap is said. */
export const WorkoutAtTheExerciseCap: Story = {
  ...inState(
    "workout.editing",
    draftContext({
      exercises: Array.from({ length: WORKOUT_CAPS.exercises }, (_, i) => ({ ...squat, name: `Lift ${i + 1}` }))
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Add exercise" })).toBeDisabled()
    await expect(canvas.getByText(`A workout holds at most ${WORKOUT_CAPS.exercises} exercises.`)).toHaveAttribute(
      "role",
      "status"
    )
    await expect(canvas.getByRole("button", { name: "Submit Workout" })).toBeEnabled()
  }
}

export const WorkoutWithAnEmptyExercise: Story = {
  ...inState("workout.incomplete", draftContext({ exercises: [squat, unsetDeadlift] })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Deadlift has no sets yet")
  }
}

export const Saving: Story = {
  ...inState("workout.saving", draftContext()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Saving…" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Add exercise" })).toBeDisabled()
  }
}

export const SaveFailed: Story = {
  ...inState("workout.failed", draftContext({ saveError: `The workout was not saved. ${NETWORK_DOWN}` })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "The workout was not saved. We couldn't reach the server."
    )
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Back Squat" })).toBeVisible()
  }
}

/** The draft's key had saved an earlier version (a 409): the coach is told, and may save this one too. */
export const SaveFoundAnEarlierVersion: Story = {
  ...inState("workout.failed", draftContext({ saveError: SAVED_EARLIER, saveKey: "draft-key-0123456789abcdef-r1" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("An earlier save of this workout reached the server")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const Exercise: Story = {
  ...inState("exercise", draftContext({ editing: 0 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("combobox", { name: "Exercise name" })).toHaveValue("Back Squat")
    await expect(canvas.getAllByRole("button", { name: /^Delete set/ })).toHaveLength(3)
    await expect(canvas.getByRole("button", { name: "Add set" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Submit Exercise" })).toBeEnabled()
  }
}

/** The open exercise's coaching: superset, rest, tempo and note, each kept as chosen or typed. */
export const ExerciseCoaching: Story = {
  ...inState("exercise", draftContext({ exercises: [pullUpA1, dipA2], editing: 0 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const coaching = within(await canvas.findByRole("group", { name: "Coaching" }))
    const superset = coaching.getByRole("combobox", { name: "Superset" })
    const rest = coaching.getByRole("combobox", { name: "Rest" })
    const tempo = coaching.getByRole("textbox", { name: "Tempo" })
    const note = coaching.getByRole("textbox", { name: "Note" })
    await expect(superset).toHaveDisplayValue("A")
    await expect(rest).toHaveDisplayValue("No rest")
    await expect(tempo).toHaveValue("21X1")
    await expect(tempo).toHaveAttribute("placeholder", "31X0")
    await expect(tempo).toHaveAccessibleDescription("Seconds down, pause, up, pause; X for fast.")
    await expect(note).toHaveValue("full hang")
    await expect(
      within(superset)
        .getAllByRole("option")
        .map((option) => option.textContent)
    ).toEqual(["None", "A", "B", "C", "D", "E", "F"])
    await expect(
      within(rest)
        .getAllByRole("option")
        .map((option) => option.textContent)
    ).toEqual(["Lifter's choice", "No rest", "30 s", "45 s", "1 min", "1:30 min", "2 min", "3 min", "4 min", "5 min"])
    await userEvent.selectOptions(rest, "2 min")
    await expect(rest).toHaveDisplayValue("2 min")
    // Half typed: kept, said under the field, and the field is marked.
    await userEvent.clear(tempo)
    await userEvent.type(tempo, "31")
    await expect(tempo).toBeInvalid()
    await expect(canvas.getByText("The tempo of Pull-Up must be four digits or X, like 31X0.")).toBeVisible()
    await userEvent.type(tempo, "x0")
    await expect(tempo).toHaveValue("31x0")
    await expect(tempo).not.toBeInvalid()
    await userEvent.clear(note)
    await userEvent.type(note, "Dead hang, chin over the bar")
    // Back on the workout, the list reads what was chosen.
    await userEvent.click(canvas.getByRole("button", { name: "Submit Exercise" }))
    const rows = within(await canvas.findByRole("list", { name: "Exercises" })).getAllByRole("listitem")
    await expect(rows[0]).toHaveTextContent("A1Pull-UpTempo 31X0 · Rest 2 minDead hang, chin over the bar")
  }
}

/** Sets but no name: leaving keeps the coach here and says what is missing (ADR 020). */
export const ExerciseWithSetsButNoName: Story = {
  ...inState("exercise", draftContext({ exercises: [{ name: "", sets: squat.sets }], editing: 0 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const leave of ["Submit Exercise", "Back to workout"]) {
      await userEvent.click(canvas.getByRole("button", { name: leave }))
      await expect(canvas.getByRole("heading", { name: "Exercise Assignment" })).toBeVisible()
      await expect(canvas.getByRole("alert")).toHaveTextContent("Name this exercise before leaving: it has 3 sets.")
      await expect(canvas.getAllByRole("button", { name: /^Delete set/ })).toHaveLength(3)
    }
    await userEvent.type(canvas.getByRole("combobox", { name: "Exercise name" }), "Front Squat")
    await expect(canvas.queryByRole("alert")).toBeNull()
  }
}

export const SetBuilder: Story = {
  ...inState("setBuilder", draftContext({ exercises: [squat, benchAmsap, unsetDeadlift], editing: 2 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("combobox", { name: "Reps" })).toHaveValue("AMRAP")
    await expect(canvas.getByRole("combobox", { name: "RPE" })).toHaveValue("8")
    await expect(canvas.getByRole("button", { name: "Edit fields" })).toBeEnabled()
    await expect(canvas.getByRole("switch", { name: /AMSAP/ })).not.toBeChecked()
    await userEvent.click(canvas.getByRole("button", { name: "More sets" }))
    await expect(canvas.getByRole("button", { name: "Add 2 sets" })).toBeEnabled()
  }
}

/** After 'Add 3 sets', the next 'Add set' opens on the same values and count (ADR 020). */
export const SetBuilderCarriesOver: Story = {
  ...inState("setBuilder", draftContext({ exercises: [squat, benchAmsap, unsetDeadlift], editing: 2 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Reps" }), "5")
    await userEvent.click(canvas.getByRole("button", { name: "More sets" }))
    await userEvent.click(canvas.getByRole("button", { name: "More sets" }))
    await userEvent.click(canvas.getByRole("button", { name: "Add 3 sets" }))
    await userEvent.click(canvas.getByRole("button", { name: "Add set" }))
    await expect(canvas.getByRole("combobox", { name: "Reps" })).toHaveValue("5")
    await expect(canvas.getByRole("button", { name: "Add 3 sets" })).toBeEnabled()
  }
}

/** Nothing to add: 'Add 0 sets' is off, and the reason is on the screen. */
export const SetBuilderWithNoSetsToAdd: Story = {
  ...inState("setBuilder", draftContext({ editing: 0, count: 0 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Add 0 sets" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Add 0 sets" })).toHaveAccessibleDescription(NO_SETS_TO_ADD)
    await expect(canvas.getByText(NO_SETS_TO_ADD)).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "More sets" }))
    await expect(canvas.getByRole("button", { name: "Add 1 set" })).toBeEnabled()
    await expect(canvas.queryByText(NO_SETS_TO_ADD)).toBeNull()
  }
}

/** No field on: a set would record nothing, so add is off and says so. */
export const SetBuilderWithNoFields: Story = {
  ...inState("setBuilder", draftContext({ editing: 0, enabledFields: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Add 1 set" })).toBeDisabled()
    await expect(canvas.getByText(NO_FIELDS_ON)).toBeVisible()
  }
}

export const SetBuilderWithABadWeight: Story = {
  ...inState(
    "setBuilder",
    draftContext({
      editing: 0,
      enabledFields: ["reps", "weight"],
      inputs: { ...draftContext().inputs, weight: "heavy" }
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("weight must be a number")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Add 1 set" })).toBeDisabled()
  }
}

const fullExercise = {
  ...squat,
  sets: buildSets({
    startIndex: 0,
    count: WORKOUT_CAPS.setsPerExercise,
    amsap: false,
    enabledFields: ["reps"],
    inputs: { reps: "5" }
  })
}

/** An exercise with as many sets as a save may hold: 'Add set' is off and the cap is said. */
export const ExerciseAtTheSetCap: Story = {
  ...inState("exercise", draftContext({ exercises: [fullExercise], editing: 0 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Add set" })).toBeDisabled()
    await expect(canvas.getByText(`An exercise holds at most ${WORKOUT_CAPS.setsPerExercise} sets.`)).toHaveAttribute(
      "role",
      "status"
    )
  }
}

/** Two sets short of the cap with 2 to add: 'More sets' is off and the room left is said. */
export const SetBuilderAtTheSetCap: Story = {
  ...inState(
    "setBuilder",
    draftContext({
      exercises: [{ ...fullExercise, sets: fullExercise.sets.slice(0, WORKOUT_CAPS.setsPerExercise - 2) }],
      editing: 0,
      count: 2
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "More sets" })).toBeDisabled()
    await expect(
      canvas.getByText(`This exercise has room for 2 more sets (at most ${WORKOUT_CAPS.setsPerExercise}).`)
    ).toHaveAttribute("role", "status")
    await expect(canvas.getByRole("button", { name: "Add 2 sets" })).toBeEnabled()
  }
}

export const FieldEditor: Story = {
  ...inState("fieldEditor", draftContext({ editing: 0 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("switch", { name: "Reps" })).toBeChecked()
    await expect(canvas.getByRole("switch", { name: "% of e1RM" })).not.toBeChecked()
    await userEvent.click(canvas.getByRole("switch", { name: "% of e1RM" }))
    await expect(canvas.getByRole("switch", { name: "% of e1RM" })).toBeChecked()
  }
}

export const Saved: Story = {
  ...inState("saved", draftContext()),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Workout saved")
  }
}

/* ---------- Editing a saved workout (docs/decisions/024); editing, duplicating and moving sets ---------- */

/** Seeded in 'opening' (where a running builder never rests): no step yet, only that it is loading. */
export const Opening: Story = {
  ...inState("opening", initialBuilderContext(builderInput)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading the workout…")
    await expect(canvas.queryByRole("heading", { level: 2 })).toBeNull()
  }
}

export const LoadingASavedWorkout: Story = {
  ...inState("loading", editContext({ exercises: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Edit workout", level: 1 })).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading the workout…")
  }
}

export const SavedWorkoutUnreadable: Story = {
  ...inState("loadFailed", editContext({ exercises: [], loadError: `The workout could not be read. ${NETWORK_DOWN}` })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("alert")).toHaveTextContent("The workout could not be read.")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("link", { name: "Back to the day" })).toHaveAttribute(
      "href",
      "/coach/workouts/7/03-02-2026"
    )
  }
}

export const SavedWorkoutNotFound: Story = {
  ...inState("notFound", editContext({ exercises: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Workout not found" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Back to the day" })).toHaveAttribute(
      "href",
      "/coach/workouts/7/03-02-2026"
    )
  }
}

/** The saved workout as the draft: named for its client, its logged set marked, exercises movable. */
export const EditingASavedWorkout: Story = {
  ...inState("workout.editing", editContext()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { name: "Edit workout", level: 1 })).toBeVisible()
    await expect(canvas.getByText("for Jane Doe")).toBeVisible()
    await expect(canvas.getByText("Workout 1")).toBeVisible()
    await expect(canvas.getAllByText("logged")).toHaveLength(1)
    await expect(canvas.getByRole("button", { name: "Move Back Squat up" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Move Bench Press down" })).toBeDisabled()
    await expect(canvas.queryByRole("button", { name: "Back to categories" })).toBeNull()
    await userEvent.click(canvas.getByRole("button", { name: "Move Back Squat down" }))
    const names = within(canvas.getByRole("list", { name: "Exercises" })).getAllByRole("button", {
      name: /^(Back Squat|Bench Press)$/
    })
    await expect(names.map((button) => button.textContent)).toEqual(["Bench Press", "Back Squat"])
    await expect(canvas.getByRole("button", { name: "Save changes" })).toBeEnabled()
  }
}

/** The edit removes the set the client logged: asked before anything is sent. */
export const ConfirmingRemovalOfLoggedSets: Story = {
  ...inState("workout.confirmingDiscard", editContext({ exercises: editContext().exercises.slice(1) })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "1 set you removed has results the client logged. Remove it anyway?"
    )
    await expect(canvas.getByRole("button", { name: "Remove and save" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Save changes" })).toBeDisabled()
    await userEvent.click(canvas.getByRole("button", { name: "Keep editing" }))
    await expect(canvas.queryByRole("alert")).toBeNull()
  }
}

/** A set can be edited, duplicated and moved; one the client logged says so before it is deleted. */
export const ExerciseOfASavedWorkout: Story = {
  ...inState("exercise", editContext({ editing: 0 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Delete set 1, logged by the client" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Move set 1 up" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Move set 2 down" })).toBeDisabled()
    await userEvent.click(canvas.getByRole("button", { name: "Move set 1 down" }))
    await expect(canvas.getByRole("button", { name: "Delete set 2, logged by the client" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Duplicate set 1" }))
    await expect(canvas.getAllByRole("button", { name: /^Delete set/ })).toHaveLength(3)
    await userEvent.click(canvas.getByRole("button", { name: "Edit set 3" }))
    await expect(canvas.getByRole("heading", { name: "Set Builder" })).toHaveFocus()
    await expect(canvas.getByText("Edit set 3")).toBeVisible()
  }
}

/** The set builder opened on one set: its values typed, no count, and saving replaces it in place. */
export const SetBuilderEditingASet: Story = {
  ...inState(
    "setBuilder",
    editContext({ editing: 0, editingSet: 1, inputs: { ...draftContext().inputs, reps: "5", rpe: "8", weight: "225" } })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("textbox", { name: "Weight (lbs)" })).toHaveValue("225")
    await expect(canvas.queryByRole("group", { name: "Number of sets" })).toBeNull()
    await userEvent.clear(canvas.getByRole("textbox", { name: "Weight (lbs)" }))
    await userEvent.type(canvas.getByRole("textbox", { name: "Weight (lbs)" }), "245")
    await userEvent.click(canvas.getByRole("button", { name: "Save set 2" }))
    await expect(canvas.getByRole("heading", { name: "Exercise Assignment" })).toHaveFocus()
    await expect(canvas.getAllByRole("listitem")[1]).toHaveTextContent("245 lbs, 5 reps, at RPE 8")
    await expect(canvas.getAllByRole("button", { name: /^Delete set/ })).toHaveLength(2)
  }
}
