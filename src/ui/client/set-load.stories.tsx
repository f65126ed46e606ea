import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { SetId } from "#domain/ids.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import {
  copiedKilograms,
  dayWithTopSet,
  freshDay,
  kilograms,
  performed,
  plannedReferencesPorts,
  pounds,
  recentResults,
  referencesInput,
  SET,
  testedMaxes,
  type PlannedReferences
} from "#machines/load-references/load-references.fixtures.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import { useStartedActor } from "./client-story.tsx"
import SetLoad from "./set-load.tsx"

/*
 * A set's worked-out load beside its prescription, over a load-references machine started
 * with its real implementation and reads answered as planned: the client's 315 lb squat max,
 * a bench e1RM of 277.5 lb, no deadlift max, and the day reported by the screen.
 */

const everything: PlannedReferences = {
  maxes: { with: testedMaxes },
  preferences: { with: pounds },
  results: { with: recentResults },
  day: freshDay
}

function LoadOfSet({ setId, planned }: { setId: number; planned: Partial<PlannedReferences> }) {
  const loads = useStartedActor(
    loadReferencesMachine.provide(loadReferencesImplementations(plannedReferencesPorts({ ...everything, ...planned }))),
    referencesInput
  )
  return (
    <fieldset className="set-logger">
      <legend>Set</legend>
      <SetLoad loads={loads} setId={SetId.make(setId)} />
    </fieldset>
  )
}

const meta = {
  title: "Client/SetLoad",
  component: LoadOfSet,
  parameters: { machine: "load-references", machineState: "ready" }
} satisfies Meta<typeof LoadOfSet>

export default meta
type Story = StoryObj<typeof meta>

const platesButton = (canvasElement: HTMLElement) => within(canvasElement).findByRole("button", { name: "Plates" })

export const LoadFromTheMax: Story = {
  args: { setId: SET.squat, planned: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // 75% of 315 is 236.25: on a 45 lb bar with 2.5 lb plates, 235.
    await expect(await canvas.findByText("235 lbs")).toBeVisible()
    await expect(canvas.getByText("75% of max")).toBeVisible()
    await expect(await platesButton(canvasElement)).toHaveAttribute("aria-expanded", "false")
    await expect(canvas.getByText(/per side/)).not.toBeVisible()
  }
}

export const PlatesOpen: Story = {
  args: { setId: SET.squat, planned: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const plates = await platesButton(canvasElement)
    await userEvent.click(plates)
    await expect(plates).toHaveAttribute("aria-expanded", "true")
    await expect(canvas.getByText("2 × 45 + 5 per side")).toBeVisible()
    await userEvent.click(plates)
    await expect(plates).toHaveAttribute("aria-expanded", "false")
    await expect(canvas.getByText("2 × 45 + 5 per side")).not.toBeVisible()
  }
}

export const PercentOnly: Story = {
  args: { setId: SET.deadlift, planned: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("80% of max")).toBeVisible()
    await expect(canvas.getByText("(no tested max yet)")).toBeVisible()
    // Never a made-up number.
    await expect(canvas.queryByText(/lbs|kg/)).toBeNull()
    await expect(canvas.queryByRole("button", { name: "Plates" })).toBeNull()
  }
}

export const BackoffWaiting: Story = {
  args: { setId: SET.backoff, planned: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("10% backoff")).toBeVisible()
    await expect(canvas.getByText("(log your top set first)")).toBeVisible()
    await expect(canvas.queryByText(/lbs/)).toBeNull()
  }
}

export const BackoffFollowing: Story = {
  args: { setId: SET.backoff, planned: { day: dayWithTopSet(performed(245, 5, 1)) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The top set done, 245 × 5, less 10% is 220.5: 220.
    await expect(await canvas.findByText("220 lbs")).toBeVisible()
    await expect(canvas.getByText("10% backoff")).toBeVisible()
    await userEvent.click(await platesButton(canvasElement))
    await expect(canvas.getByText("45 + 35 + 5 + 2.5 per side")).toBeVisible()
  }
}

export const BelowTheBar: Story = {
  args: { setId: SET.warmup, planned: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // 10% of 315 is 31.5, lighter than the bar: the bar alone, and it says so.
    await expect(await canvas.findByText("45 lbs")).toBeVisible()
    await userEvent.click(await platesButton(canvasElement))
    await expect(canvas.getByText(/bar only/)).toHaveTextContent("bar only (below the bar)")
  }
}

export const Kilograms: Story = {
  args: { setId: SET.squat, planned: { preferences: { with: kilograms } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The max stays 315 lb; the lifter reads 75% of it on a 20 kg bar: 107.16 kg is 107.5.
    await expect(await canvas.findByText("107.5 kg")).toBeVisible()
    await userEvent.click(await platesButton(canvasElement))
    await expect(canvas.getByText("25 + 15 + 2.5 + 1.25 per side")).toBeVisible()
  }
}

export const Loading: Story = {
  args: { setId: SET.squat, planned: { maxes: "never" } },
  parameters: { machineState: "loading" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // A quiet place for the load, and nothing to read yet.
    await expect(canvasElement.querySelector(".set-load--waiting")).not.toBeNull()
    await expect(canvas.queryByText(/lbs|of max/)).toBeNull()
  }
}

export const Partial: Story = {
  args: { setId: SET.squat, planned: { maxes: "fails" } },
  parameters: { machineState: "partial" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("75% of max")).toBeVisible()
    await expect(canvas.getByText("(couldn't load your maxes)")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const Failed: Story = {
  args: { setId: SET.squat, planned: { maxes: "fails", preferences: "fails", results: "fails" } },
  parameters: { machineState: "failed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("75% of max")).toBeVisible()
    await expect(canvas.getByText("(couldn't load your plates)")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const ReadingTheCopy: Story = {
  args: { setId: SET.written, planned: { preferences: "fails", copy: "never" } },
  parameters: { machineState: "readingCopy" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The server could not be reached for the lifter's plates; their device copy is being read.
    await expect(canvasElement.querySelector(".set-load--waiting")).not.toBeNull()
    await expect(canvas.queryByText(/lbs|kg/)).toBeNull()
  }
}

export const OfflineFromTheCopy: Story = {
  args: {
    setId: SET.written,
    planned: { maxes: "fails", preferences: "fails", results: "fails", copy: { with: copiedKilograms } }
  },
  parameters: { machineState: "partial" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Offline, the lifter's own unit and plates from their device copy: the coach's 95 lb is 43.1 kg, 42.5 on their bar.
    await expect(await canvas.findByText("42.5 kg")).toBeVisible()
    await expect(canvas.queryByText(/lbs/)).toBeNull()
  }
}

export const RefusedIsNotCopied: Story = {
  args: {
    setId: SET.squat,
    planned: { preferences: "refused", copy: { with: copiedKilograms } }
  },
  parameters: { machineState: "partial" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The server answered and said no: the copy does not cover for it, and no number is made up.
    await expect(await canvas.findByText("(couldn't load your plates)")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.queryByText(/kg|lbs/)).toBeNull()
  }
}
