import type { Meta, StoryObj } from "@storybook/react-vite"
import type { StateValueFrom } from "xstate"
import { expect, userEvent, within } from "storybook/test"
import { buildSets, type BuiltSet } from "#domain/workout.ts"
import { draftContext } from "#machines/builder/builder.fixtures.ts"
import type { coachUnitMachine } from "#machines/coach-unit/coach-unit.machine.ts"
import { RepCount, Weight, type FieldName } from "#domain/set-fields.ts"
import type { DraftExercise, FieldInputs } from "#machines/builder/builder.types.ts"
import { kilograms, pounds, recentResults, testedMaxes } from "#machines/load-references/load-references.fixtures.ts"
import { BuilderStory, laterStepsLoaded, type BuilderStoryProps } from "./builder-story.tsx"

// Worked-out loads in the builder (docs/decisions/017): the client's loads beside each set, and the weight
// field in the coach's own unit (the coach-unit machine beside the builder).

function BuilderScreen(props: BuilderStoryProps) {
  return <BuilderStory {...props} />
}

const meta = {
  title: "Coach/WorkoutBuilder/Loads and units",
  component: BuilderScreen,
  loaders: [laterStepsLoaded],
  parameters: { machine: "builder", route: "/coach/workoutbuilder/7/03-02-2026" }
} satisfies Meta<typeof BuilderScreen>

export default meta
type Story = StoryObj<typeof meta>

const oneSet = (startIndex: number, enabledFields: ReadonlyArray<FieldName>, inputs: Partial<FieldInputs>) =>
  buildSets({ startIndex, count: 1, amsap: false, enabledFields, inputs })

/** Back Squat 5 @ 75% of max, then a 10% backoff. */
const percentSquat: DraftExercise = {
  name: "Back Squat",
  exerciseId: "back-squat",
  sets: [
    ...oneSet(0, ["reps", "max_percent"], { reps: "5", max_percent: "75" }),
    ...oneSet(1, ["reps", "backoff_percent"], { reps: "5", backoff_percent: "10" })
  ]
}
const onSquat = draftContext({ exercises: [percentSquat], editing: 0 })
const everyReference = { maxes: { with: testedMaxes }, preferences: { with: pounds }, results: { with: recentResults } }

/** The client's 315 lb max works out to 235 lbs; the backoff waits for a logged top set, as on the day view. */
export const ExerciseWithClientLoads: Story = {
  args: { state: "exercise", context: onSquat, references: everyReference },
  parameters: { machineState: "exercise" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const [top, backoff] = within(await canvas.findByRole("list", { name: "Sets" })).getAllByRole("listitem")
    await expect(await within(top as HTMLElement).findByText("235 lbs")).toBeVisible()
    await expect(within(top as HTMLElement).getByText("2 × 45 + 5 per side")).toBeVisible()
    await expect(backoff).toHaveTextContent("10% backoff (log your top set first)")
  }
}

/** The client reads kilograms: the builder shows their load in kilograms, on their plates. */
export const ExerciseWithClientLoadsInKilograms: Story = {
  args: {
    state: "exercise",
    context: onSquat,
    references: { ...everyReference, preferences: { with: kilograms } }
  },
  parameters: { machineState: "exercise" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // 75% of 315 lb is 107.16 kg: 107.5 kg on 20 kg + 1.25 kg plates.
    await expect(await canvas.findByText("107.5 kg")).toBeVisible()
    await expect(canvas.queryByText("235 lbs")).toBeNull()
  }
}

/** No tested max: the percentage and why there is no number, never a made-up one. */
export const ExerciseWithoutAClientMax: Story = {
  args: { state: "exercise", context: onSquat, references: { ...everyReference, maxes: { with: [] } } },
  parameters: { machineState: "exercise" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("(no tested max yet)")).toBeVisible()
    await expect(canvas.queryByText(/\d lbs$/)).toBeNull()
  }
}

/** The client's references could not be read: the reason is said, no number. */
export const ExerciseWhenLoadsFailed: Story = {
  args: {
    state: "exercise",
    context: onSquat,
    references: { maxes: "fails", preferences: "fails", results: "fails" }
  },
  parameters: { machineState: "exercise" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findAllByText("(couldn't load your plates)")).toHaveLength(2)
    await expect(canvas.queryByText(/\d lbs$/)).toBeNull()
  }
}

const weightOn = draftContext({ exercises: [percentSquat], editing: 0, enabledFields: ["reps", "weight"] })
/** The coach-unit state a story shows, checked against the machine's own states. */
const coachUnitState = (state: StateValueFrom<typeof coachUnitMachine>) => ({
  machine: "coach-unit",
  machineState: state
})
const ofPreferences = (preferences: typeof pounds) => () => Promise.resolve(preferences)

/** The coach's preferences are being read: the field is SPEC's default, pounds. */
export const CoachUnitReading: Story = {
  args: { state: "setBuilder", context: weightOn, coachPreferences: () => new Promise(() => undefined) },
  parameters: coachUnitState("reading"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByLabelText("Weight (lbs)")).toBeVisible()
  }
}

/** A coach who reads kilograms types kilograms; the new sets say so. */
export const CoachUnitKnown: Story = {
  args: { state: "setBuilder", context: weightOn, coachPreferences: ofPreferences(kilograms) },
  parameters: coachUnitState("known"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByLabelText("Weight (kg)"), "100")
    await userEvent.click(canvas.getByRole("button", { name: "Add 1 set" }))
    await expect(await canvas.findByText("100 kg, AMRAP")).toBeVisible()
  }
}

/** The coach's preferences could not be read: pounds, and nothing claims otherwise. */
export const CoachUnitUnread: Story = {
  args: { state: "setBuilder", context: weightOn, coachPreferences: () => Promise.reject(new Error("offline")) },
  parameters: coachUnitState("unread"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await expect(canvas.getByLabelText("Weight (lbs)")).toBeVisible()
    await expect(canvas.queryByLabelText("Weight (kg)")).toBeNull()
    await expect(canvas.queryByRole("alert")).toBeNull()
  }
}

/** One saved set of 5 at `weight`, in the unit it was typed in. */
const savedSet = (weight: number, unit: "lb" | "kg"): BuiltSet => ({
  set: 0,
  amsap: false,
  fields: [
    { name: "weight", value: Weight.make(weight) },
    { name: "reps", value: RepCount.make(5) }
  ],
  weight_unit: unit
})

/** A squat set the coach saved in kilograms, and a bench set in pounds. */
const mixedUnits: ReadonlyArray<DraftExercise> = [
  { name: "Back Squat", exerciseId: "back-squat", sets: [savedSet(107.5, "kg")] },
  { name: "Bench Press", exerciseId: "bench-press", sets: [savedSet(225, "lb")] }
]

/** Every set's weight in the coach's pounds, the kilograms it was saved in beside it (docs/decisions/038). */
export const KilogramSetForAPoundCoach: Story = {
  args: {
    state: "exercise",
    context: draftContext({ exercises: mixedUnits, editing: 0 }),
    references: everyReference,
    coachPreferences: ofPreferences(pounds)
  },
  parameters: coachUnitState("known"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("237 lbs (107.5 kg), 5 reps")).toBeVisible()
  }
}

/** And the other way round: a coach in kilograms reads a set saved in pounds in kilograms. */
export const PoundSetForAKilogramCoach: Story = {
  args: {
    state: "exercise",
    context: draftContext({ exercises: mixedUnits, editing: 1 }),
    references: everyReference,
    coachPreferences: ofPreferences(kilograms)
  },
  parameters: coachUnitState("known"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("102.1 kg (225 lbs), 5 reps")).toBeVisible()
  }
}
