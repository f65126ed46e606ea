import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { builderInput } from "#machines/builder/builder.fixtures.ts"
import { initialBuilderContext, type BuilderContext } from "#machines/builder/builder.types.ts"
import { BuilderStory, laterStepsLoaded } from "./builder-story.tsx"

// The typed workout (docs/workout-notation.md, "In the builder") on a new workout's workout step.
// The editor is for a desk: the stories open at 1280 px, one at a phone's width where it is not there.

function BuilderScreen({ state, context }: { state: string; context: BuilderContext }) {
  return <BuilderStory state={state} context={context} />
}

const VIEWPORTS = {
  phone: { name: "Phone (390 x 844)", styles: { width: "390px", height: "844px" }, type: "mobile" },
  desktop: { name: "Desktop (1280 x 800)", styles: { width: "1280px", height: "800px" }, type: "desktop" }
} as const
const atDesktop = { viewport: { value: "desktop", isRotated: false } }
const atPhone = { viewport: { value: "phone", isRotated: false } }

const emptyStrength: BuilderContext = { ...initialBuilderContext(builderInput), category: "Strength" }

const meta = {
  title: "Coach/WorkoutBuilder/Typed workout",
  component: BuilderScreen,
  loaders: [laterStepsLoaded],
  args: { state: "workout.editing", context: emptyStrength },
  parameters: {
    machine: "builder",
    machineState: "workout.editing",
    route: "/coach/workoutbuilder/7/03-02-2026",
    viewport: { options: VIEWPORTS }
  },
  globals: atDesktop
} satisfies Meta<typeof BuilderScreen>

export default meta
type Story = StoryObj<typeof meta>

const THREE = "Back Squat 5x5 @75%{Enter}Bench 3x8 @RPE8{Enter}Deadlift 1x5 @315, 2x5 -10%"

/** Each line read as it is typed: the exercise, from the library or new, and its sets in words. */
export const TypingValidText: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const text = await canvas.findByRole("textbox", { name: "Type the workout" })
    await expect(text).toHaveAccessibleDescription(/One exercise a line/)
    const use = canvas.getByRole("button", { name: "Use these exercises" })
    await expect(use).toBeDisabled()
    await userEvent.type(text, `${THREE}{Enter}Zercher Lunge 3x10`)
    const read = canvas.getByRole("list", { name: "What each line reads as" })
    await expect(read).toHaveTextContent("Back Squat from your library5 × 5 @ 75% of max")
    await expect(read).toHaveTextContent("Bench Press from your library3 × 8 @ RPE 8")
    await expect(read).toHaveTextContent("Deadlift from your library1 × 5 @ 315 lbs, 2 × 5 at 10% backoff")
    await expect(read).toHaveTextContent("Zercher Lunge new exercise3 × 10")
    await expect(text).not.toBeInvalid()
    await expect(use).toBeEnabled()
    // Nothing reaches the draft until the coach says so.
    await expect(canvas.getByText("No exercises yet.")).toBeVisible()
  }
}

/** A line that fails: a caret under the column, and the message, which the text box is described by. */
export const AnErrorLine: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const text = await canvas.findByRole("textbox", { name: "Type the workout" })
    await userEvent.type(text, "Back Squat 5x5 @75%{Enter}Bench 3x8 @RPE11")
    const message = "RPE must be from 1 to 10 in steps of 0.5, like 8 or 8.5 at column 15"
    await expect(canvas.getByText(`Line 2: ${message}`)).toBeVisible()
    await expect(text).toHaveAccessibleDescription(new RegExp(`Line 2: ${message.replaceAll(".", "\\.")}`))
    await expect(text).toBeInvalid()
    // The caret sits under column 15, the R of RPE11.
    const source = canvasElement.querySelector(".notation-line--failed .notation-source")
    await expect(source?.textContent).toBe(`Bench 3x8 @RPE11\n${" ".repeat(14)}^`)
    await expect(canvas.getByRole("button", { name: "Use these exercises" })).toBeDisabled()
    await expect(canvas.getByText("1 line needs fixing.")).toBeVisible()
    // The good line still reads.
    await expect(canvas.getByRole("list", { name: "What each line reads as" })).toHaveTextContent("5 × 5 @ 75% of max")
  }
}

/** 'Use these exercises' (here by Ctrl+Enter, then the button) puts them in the draft, ready for Submit. */
export const Applied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const text = await canvas.findByRole("textbox", { name: "Type the workout" })
    await userEvent.type(text, "Front Squat 2x3")
    await userEvent.keyboard("{Control>}{Enter}{/Control}")
    await expect(await canvas.findByRole("button", { name: "Front Squat" })).toBeVisible()
    await userEvent.clear(text)
    await userEvent.type(text, THREE)
    // The keyboard order: the text box, then the button.
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "Use these exercises" })).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    const draft = canvas.getByRole("list", { name: "Exercises" })
    await expect(within(draft).getAllByRole("listitem")).toHaveLength(3)
    await expect(within(draft).queryByRole("button", { name: "Front Squat" })).toBeNull()
    await expect(draft).toHaveTextContent("Back Squat")
    await expect(within(draft).getAllByText(/5 reps, 75% of max/)).toHaveLength(5)
    await expect(within(draft).getAllByText(/8 reps, at RPE 8/)).toHaveLength(3)
    await expect(draft).toHaveTextContent("Set 1: 315 lbs, 5 reps")
    await expect(canvas.getByText("The workout now holds the 3 typed exercises.")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Submit Workout" })).toBeEnabled()
  }
}

const UPPER_PULL = "Title: Upper pull{Enter}A1 Pull-up 3x8 rest 0 tempo 21X1 # full hang{Enter}A2 Dip 3x10 rest 90s"

/** A Title line, rest, tempo and a note: read as typed, and used, the title goes in the title's field. */
export const TitleAndCoaching: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const text = await canvas.findByRole("textbox", { name: "Type the workout" })
    await userEvent.type(text, UPPER_PULL)
    const read = canvas.getByRole("list", { name: "What each line reads as" })
    // The list's own items, one a line (each line's exercises are a list inside it).
    const lines = Array.from(read.children)
    await expect(lines).toHaveLength(3)
    await expect(lines[0]).toHaveTextContent("Line 1Title: Upper pull")
    await expect(lines[1]).toHaveTextContent("Line 2A1 Pull-Up from your library3 × 8Tempo 21X1 · No restfull hang")
    await expect(lines[2]).toHaveTextContent("Line 3A2 Dip from your library3 × 10Rest 1:30 min")
    await userEvent.click(canvas.getByRole("button", { name: "Use these exercises" }))
    await expect(canvas.getByText("The workout, Upper pull, now holds the 2 typed exercises.")).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: "Title (optional)" })).toHaveValue("Upper pull")
    const draft = within(canvas.getByRole("list", { name: "Exercises" })).getAllByRole("listitem")
    await expect(draft[0]).toHaveTextContent(/^A1Pull-UpTempo 21X1 · No restfull hangSet 1: 8 reps/)
    await expect(draft[1]).toHaveTextContent(/^A2DipRest 1:30 minSet 1: 10 reps/)
  }
}

/** A half-typed tempo, a rest without its unit, a title after the exercises: each said at its column. */
export const CoachingErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const text = await canvas.findByRole("textbox", { name: "Type the workout" })
    await userEvent.type(text, "Bench 3x8 tempo 31X{Enter}Row 3x10 rest 90{Enter}Title: Late")
    await expect(
      canvas.getByText('Line 1: A tempo is four digits or X, like 31X0; found "31X" at column 17')
    ).toBeVisible()
    await expect(
      canvas.getByText("Line 2: Write s or m after the rest, like rest 90s or rest 90m at column 17")
    ).toBeVisible()
    await expect(
      canvas.getByText("Line 3: Write the title on the first line, before the exercises at column 1")
    ).toBeVisible()
    await expect(text).toHaveAccessibleDescription(/Line 1: A tempo is four digits or X/)
    await expect(canvas.getByText("3 lines need fixing.")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Use these exercises" })).toBeDisabled()
  }
}

/** A phone keeps the five steps: no typed workout there. */
export const NotOnAPhone: Story = {
  globals: atPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("button", { name: "Add exercise" })).toBeVisible()
    await expect(canvas.queryByRole("textbox", { name: "Type the workout" })).toBeNull()
  }
}
