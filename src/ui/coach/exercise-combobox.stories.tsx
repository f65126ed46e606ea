import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { draftContext, squat } from "#machines/builder/builder.fixtures.ts"
import type { DraftExercise } from "#machines/builder/builder.types.ts"
import { libraryContext } from "#machines/exercise-library/exercise-library.fixtures.ts"
import { LIBRARY_FAILED, LIBRARY_LOADING } from "#machines/exercise-library/exercise-library.selectors.ts"
import type { ExerciseLibraryContext } from "#machines/exercise-library/exercise-library.types.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { BuilderStory, laterStepsLoaded } from "./builder-story.tsx"

// The builder's exercise step with its library in each state (docs/decisions/019): the name is a
// combobox over the library, and whatever the library does, a typed name stays.

function ComboboxScreen({ state, name, library }: { state: string; name: string; library: ExerciseLibraryContext }) {
  const typed: DraftExercise = { name, sets: squat.sets }
  return (
    <BuilderStory
      state="exercise"
      context={draftContext({ exercises: [typed], editing: 0 })}
      libraryState={state}
      library={library}
    />
  )
}

const meta = {
  title: "Coach/ExerciseCombobox",
  component: ComboboxScreen,
  loaders: [laterStepsLoaded],
  parameters: { machine: "exercise-library", route: "/coach/workoutbuilder/7/03-02-2026" }
} satisfies Meta<typeof ComboboxScreen>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, name: string, library: ExerciseLibraryContext = libraryContext({ query: name })) => ({
  args: { state, name, library },
  parameters: { machineState: state }
})

const combobox = (canvasElement: HTMLElement) => within(canvasElement).getByRole("combobox", { name: "Exercise name" })
// The exercise step is a lazily loaded chunk: every play waits for it before looking.
const stepArrived = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole("combobox", { name: "Exercise name" })

/** The library has not answered yet: no suggestions, and the name is typed freely. */
export const LibraryLoading: Story = {
  ...inState("loading", "", libraryContext({ library: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await stepArrived(canvasElement)
    await expect(canvas.getByText(LIBRARY_LOADING)).toHaveAttribute("role", "status")
    await userEvent.type(combobox(canvasElement), "Back Squat")
    await expect(combobox(canvasElement)).toHaveValue("Back Squat")
    await expect(combobox(canvasElement)).toHaveAttribute("aria-expanded", "false")
    await expect(canvas.queryByRole("listbox")).toBeNull()
  }
}

/** The library failed to load: a short notice and a retry; typing still works. */
export const LibraryFailed: Story = {
  ...inState("failed", "Back Squat", libraryContext({ library: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await stepArrived(canvasElement)
    await expect(canvas.getByText(LIBRARY_FAILED)).toHaveAttribute("role", "status")
    await expect(combobox(canvasElement)).toHaveAccessibleDescription(LIBRARY_FAILED)
    await userEvent.type(combobox(canvasElement), " (high bar)")
    await expect(combobox(canvasElement)).toHaveValue("Back Squat (high bar)")
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }))
    await expect(canvas.getByText(LIBRARY_LOADING)).toHaveAttribute("role", "status")
  }
}

/** Loaded and closed: the arrow key opens the list on its first option. */
export const Closed: Story = {
  ...inState("ready.closed", "Back Squat"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await stepArrived(canvasElement)
    const input = combobox(canvasElement)
    await expect(input).toHaveAttribute("aria-expanded", "false")
    await expect(input).toHaveAttribute("aria-autocomplete", "list")
    await expect(canvas.queryByRole("listbox")).toBeNull()
    await userEvent.click(input)
    await userEvent.keyboard("{ArrowDown}")
    await expect(input).toHaveAttribute("aria-expanded", "true")
    const first = within(canvas.getByRole("listbox")).getAllByRole("option")[0]
    await expect(first).toHaveAccessibleName("Back Squat Squat")
    await expect(first).toHaveAttribute("aria-selected", "true")
    await expect(input).toHaveAttribute("aria-activedescendant", first?.id)
  }
}

/** Typed "squat": matches with their categories, best first; Enter on one chooses it. */
export const OpenWithMatches: Story = {
  ...inState("ready.open", "squat"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await stepArrived(canvasElement)
    const input = combobox(canvasElement)
    await expect(input).toHaveAttribute("aria-expanded", "true")
    await expect(input).toHaveAttribute("aria-controls", canvas.getByRole("listbox").id)
    const options = within(canvas.getByRole("listbox")).getAllByRole("option")
    await expect(options).toHaveLength(8)
    await expect(options[0]).toHaveAccessibleName("Back Squat Squat")
    // "Squat" is Back Squat's alias, so there is nothing to create.
    await expect(canvas.queryByRole("option", { name: /^Create/ })).toBeNull()
    await userEvent.click(input)
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}{Enter}")
    await expect(input).toHaveValue("Back Squat")
    await expect(input).toHaveAttribute("aria-expanded", "false")
  }
}

/** The coach's own exercises are listed beside the library's, marked as theirs. */
export const OpenWithYourOwnExercise: Story = {
  ...inState("ready.open", "spoto"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await stepArrived(canvasElement)
    await expect(canvas.getByRole("option", { name: "Spoto Press Horizontal press · Your exercise" })).toBeVisible()
    await expect(canvas.getByRole("option", { name: 'Create "spoto"' })).toBeVisible()
    // A click elsewhere on the page closes the list and leaves the text as typed.
    await userEvent.click(canvas.getByRole("heading", { name: "Exercise Assignment" }))
    await expect(combobox(canvasElement)).toHaveAttribute("aria-expanded", "false")
    await expect(combobox(canvasElement)).toHaveValue("spoto")
  }
}

/** Nothing in the library is called that: the one option adds it as the coach's own. */
export const NoMatchesOfferCreate: Story = {
  ...inState("ready.open", "Zercher Lunge"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await stepArrived(canvasElement)
    const options = within(canvas.getByRole("listbox")).getAllByRole("option")
    await expect(options).toHaveLength(1)
    await expect(options[0]).toHaveAccessibleName('Create "Zercher Lunge"')
    await userEvent.click(combobox(canvasElement))
    await userEvent.keyboard("{ArrowDown}{Enter}")
    await expect(canvas.getByText('Adding "Zercher Lunge" to your exercises…')).toHaveAttribute("role", "status")
  }
}

/** The add is under way: said, with the list closed and the name as typed. */
export const Creating: Story = {
  ...inState("ready.creating", "Zercher Lunge"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await stepArrived(canvasElement)
    await expect(canvas.getByText('Adding "Zercher Lunge" to your exercises…')).toHaveAttribute("role", "status")
    await expect(combobox(canvasElement)).toHaveAttribute("aria-expanded", "false")
    await expect(combobox(canvasElement)).toHaveValue("Zercher Lunge")
  }
}

const createFailure = `"Zercher Lunge" was not added to your exercises. ${NETWORK_DOWN} The name stays as you typed it.`

/** The add failed: why, and the typed name stays (it saves as free text). */
export const CreateFailed: Story = {
  ...inState(
    "ready.createFailed",
    "Zercher Lunge",
    libraryContext({ query: "Zercher Lunge", createError: createFailure })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await stepArrived(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(createFailure)
    await expect(combobox(canvasElement)).toHaveValue("Zercher Lunge")
    await expect(canvas.getByRole("button", { name: "Submit Exercise" })).toBeEnabled()
  }
}
