import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import type { ExerciseHistory } from "#domain/history.ts"
import type { IsoDate } from "#domain/calendar.ts"
import type { SetId } from "#domain/ids.ts"
import type { SetResultUpdate } from "#domain/workout.ts"
import type { AutosaveContext } from "#machines/autosave/autosave.types.ts"
import type { OutboxEntry } from "#domain/logging-outbox.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import {
  freshDay,
  plannedReferencesPorts,
  pounds,
  recentResults,
  referencesInput,
  testedMaxes
} from "#machines/load-references/load-references.fixtures.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import type { LoggingSetView } from "#machines/logging/logging.selectors.ts"
import { useSeededAutosave, useStartedActor } from "./client-story.tsx"
import { SetLogger } from "./set-logger.tsx"
import "./client.css"

const SET = 101 as SetId
const PRESCRIPTION = "275 lbs × 5 reps at 2 RIR · AMSAP: as many sets as possible"
/** 265 x 5 a week ago: an estimated 1RM of 309 lbs, which 275 x 5 at 2 RIR (339) beats. */
const history: ExerciseHistory = {
  lastTime: { date: "2026-01-01" as IsoDate, sets: [{ weight: 265 as never, reps: 5 as never, rir: null }] },
  bestE1rm: 309.2
}
const prescribed: LoggingSetView = {
  id: SET,
  label: "Set 1",
  prescription: PRESCRIPTION,
  prefill: { weight: 275 as never, reps: 5 as never, rir: 2 as never, unit: "lb" },
  index: 0,
  history,
  added: false,
  removable: false,
  restSeconds: null
}
const added: LoggingSetView = { ...prescribed, id: 104 as SetId, label: "Set 4", added: true, removable: true }

const asLogged = { weight: 275, weight_unit: "lb", reps: 5, rir: 2 } as const
const whole = { id: SET, ...asLogged, skipped: false } as unknown as SetResultUpdate
const waiting: OutboxEntry = { setId: SET, version: 2, update: whole }
/** Every field the context holds, so a story seeds only what it is about. */
const seed = (context: Partial<AutosaveContext>): Partial<AutosaveContext> => ({
  typed: {},
  invalid: {},
  ...context
})
const held = seed({ values: { [SET]: { ...asLogged, skipped: false } } as AutosaveContext["values"] })
const sendingNow = seed({ pending: { [SET]: waiting }, version: 2 })

function SeededSetLogger({
  state,
  context,
  set = prescribed,
  unitKnown = true,
  onDone,
  onRemove
}: {
  state: string
  context: Partial<AutosaveContext>
  set?: LoggingSetView
  /** The lifter's preferences are read (in pounds); false: never answered, the unit stays unknown. */
  unitKnown?: boolean
  onDone: (setId: SetId) => void
  onRemove?: () => void
}) {
  const autosave = useSeededAutosave(state, context)
  const loads = useStartedActor(
    loadReferencesMachine.provide(
      loadReferencesImplementations(
        plannedReferencesPorts({
          maxes: { with: testedMaxes },
          preferences: unitKnown ? { with: pounds } : "never",
          results: { with: recentResults },
          day: freshDay
        })
      )
    ),
    referencesInput
  )
  return (
    <div className="page">
      <SetLogger set={set} autosave={autosave} loads={loads} onDone={onDone} onRemove={onRemove} />
    </div>
  )
}

const meta = {
  title: "Client/SetLogger",
  component: SeededSetLogger,
  args: { onDone: fn() },
  parameters: { machine: "autosave" }
} satisfies Meta<typeof SeededSetLogger>

export default meta
type Story = StoryObj<typeof meta>

const statusOf = (canvasElement: HTMLElement) => {
  const status = canvasElement.querySelector(".save-status")
  if (status === null) throw new Error("no status line")
  return status
}
const field = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole("textbox", { name })

export const Restoring: Story = {
  args: { state: "restoring", context: seed({}) },
  parameters: { machineState: "restoring" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("group", { name: `Set 1 ${PRESCRIPTION}` })).toBeVisible()
    await expect(statusOf(canvasElement)).toHaveTextContent("")
  }
}

/** Nothing logged yet: the prescription, last time, and every field prefilled from the prescription. */
export const Untouched: Story = {
  args: { state: "idle", context: seed({}) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(PRESCRIPTION)).toBeVisible()
    await expect(await canvas.findByText("last time: 265 lbs × 5")).toBeVisible()
    await waitFor(() => expect(field(canvasElement, "Weight (lbs)")).toHaveValue("275"))
    await expect(field(canvasElement, "Reps")).toHaveValue("5")
    await expect(field(canvasElement, "RIR")).toHaveValue("2")
    await expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toHaveTextContent("Done")
    await expect(canvas.queryByRole("button", { name: /Remove/ })).toBeNull()
    await expect(canvas.queryByRole("img", { name: "Personal record" })).toBeNull()
    await expect(statusOf(canvasElement)).toHaveTextContent("")
  }
}

/** The lifter's unit is not known yet: no weight is shown or logged in a guessed one, and the set says why. */
export const WaitingForTheUnit: Story = {
  args: { state: "idle", context: seed({}), unitKnown: false },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(field(canvasElement, "Weight")).toHaveValue("")
    await expect(statusOf(canvasElement)).toHaveTextContent("Waiting for your unit (lb or kg)…")
    await expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toBeDisabled()
    await userEvent.type(field(canvasElement, "Weight"), "80")
    await expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toBeDisabled()
    await expect(args.onDone).not.toHaveBeenCalled()
  }
}

/** Typing is a draft: kept on the phone, said so, never logged until Done. */
export const DraftTyped: Story = {
  args: { state: "idle", context: seed({}) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const reps = field(canvasElement, "Reps")
    await userEvent.clear(reps)
    await userEvent.type(reps, "25")
    await expect(reps).toHaveValue("25")
    // The edit reaches autosave just after the digit is painted.
    await waitFor(() => expect(statusOf(canvasElement)).toHaveTextContent("Draft — not logged yet"))
    await expect(reps).not.toHaveAttribute("aria-invalid")
    await expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toHaveTextContent("Done")
    await expect(canvas.queryByText(/Logged|Sending/)).toBeNull()
    await expect(args.onDone).not.toHaveBeenCalled()
  }
}

/** One tap logs the set as prescribed, starts the rest, and the button becomes Undo. */
export const DoneInOneTap: Story = {
  args: { state: "idle", context: seed({}) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(field(canvasElement, "Weight (lbs)")).toHaveValue("275"))
    await userEvent.click(canvas.getByRole("button", { name: "Mark set 1 done" }))
    // The rest starts once the button says the set is done.
    await waitFor(() => expect(args.onDone).toHaveBeenCalledWith(SET))
    await expect(canvas.getByRole("button", { name: "Undo set 1" })).toHaveTextContent("✓ Undo")
    await expect(canvas.queryByRole("button", { name: "Mark set 1 done" })).toBeNull()
    await expect(statusOf(canvasElement)).toHaveTextContent("Sending…")
    await expect(await canvas.findByRole("img", { name: "Personal record" })).toHaveTextContent("PR")
  }
}

/** Undo takes the log back; what the fields show stays, as a draft. */
export const UndoTapped: Story = {
  args: { state: "idle", context: held },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Undo set 1" }))
    await expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toHaveTextContent("Done")
    await expect(statusOf(canvasElement)).toHaveTextContent("Draft — not logged yet")
    await expect(field(canvasElement, "Reps")).toHaveValue("5")
    await expect(args.onDone).not.toHaveBeenCalled()
  }
}

/** Done with the weight emptied asks first; Cancel and Log anyway, by keyboard. */
export const AskingAboutAnEmptyWeight: Story = {
  args: { state: "idle", context: seed({}) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(field(canvasElement, "Weight (lbs)")).toHaveValue("275"))
    await userEvent.clear(field(canvasElement, "Weight (lbs)"))
    await userEvent.click(canvas.getByRole("button", { name: "Mark set 1 done" }))
    const ask = await canvas.findByRole("alertdialog", { name: "No weight entered. Log this set without a weight?" })
    await expect(within(ask).getByRole("button", { name: "Log anyway" })).toHaveFocus()
    await userEvent.keyboard("{Escape}")
    await expect(canvas.queryByRole("alertdialog")).toBeNull()
    await expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toHaveFocus()
    await expect(statusOf(canvasElement)).toHaveTextContent("Draft — not logged yet")
    await expect(args.onDone).not.toHaveBeenCalled()
    await userEvent.keyboard("{Enter}")
    await canvas.findByRole("alertdialog")
    await userEvent.keyboard("{Enter}")
    await waitFor(() => expect(args.onDone).toHaveBeenCalledWith(SET))
    await expect(canvas.queryByRole("alertdialog")).toBeNull()
    await expect(canvas.getByRole("button", { name: "Undo set 1" })).toBeVisible()
  }
}

/** Typing past a valid value: the field says why at once, and nothing reads "logged". */
export const TypedOutOfRange: Story = {
  args: { state: "idle", context: seed({}) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const reps = field(canvasElement, "Reps")
    await userEvent.type(reps, "5x")
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Reps must be a whole number from 0 to 100")
    await expect(canvas.queryByText(/logged$/i)).toBeNull()
    await expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toBeDisabled()
    await userEvent.type(reps, "{Backspace}")
    await expect(reps).toHaveValue("55")
    await waitFor(() => expect(canvas.queryByRole("alert")).toBeNull())
    await expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toBeEnabled()
  }
}

export const Sending: Story = {
  args: { state: "sending", context: { ...sendingNow, inFlight: [waiting] } },
  parameters: { machineState: "sending" },
  play: async ({ canvasElement }) => {
    await expect(statusOf(canvasElement)).toHaveTextContent("Sending…")
    await expect(within(canvasElement).getByRole("button", { name: "Undo set 1" })).toBeVisible()
  }
}

/** The server holds the set as its fields show it. */
export const LoggedAndDone: Story = {
  args: { state: "idle", context: held },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(field(canvasElement, "Weight (lbs)")).toHaveValue("275"))
    await expect(field(canvasElement, "Reps")).toHaveValue("5")
    await expect(statusOf(canvasElement)).toHaveTextContent("Logged")
    await expect(within(canvasElement).getByRole("button", { name: "Undo set 1" })).toHaveTextContent("✓ Undo")
  }
}

/** A logged set typed over: the server keeps what was logged until Done updates it. */
export const ChangedAfterLogging: Story = {
  args: { state: "idle", context: seed({ ...held, typed: { [SET]: { reps: "6" } }, drafted: [SET] }) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement, "Reps")).toHaveValue("6")
    await expect(statusOf(canvasElement)).toHaveTextContent("Changed — tap Done to update")
    await expect(within(canvasElement).getByRole("button", { name: "Mark set 1 done" })).toBeEnabled()
  }
}

/** A field holding what is no value: its message, tied to it, and the set is not saved. */
export const Invalid: Story = {
  args: {
    state: "idle",
    context: seed({
      ...held,
      typed: { [SET]: { reps: "101" } },
      drafted: [SET],
      invalid: { [SET]: { reps: { text: "101", message: "Reps must be a whole number from 0 to 100" } } }
    })
  },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const reps = field(canvasElement, "Reps")
    const alert = canvas.getByRole("alert")
    await expect(reps).toHaveValue("101")
    await expect(reps).toHaveAttribute("aria-invalid", "true")
    await expect(alert).toHaveTextContent("Reps must be a whole number from 0 to 100")
    await expect(reps).toHaveAttribute("aria-describedby", alert.id)
    await expect(field(canvasElement, "Weight (lbs)")).not.toHaveAttribute("aria-invalid")
    await expect(statusOf(canvasElement)).toHaveTextContent("Not logged: Reps must be a whole number from 0 to 100")
    await expect(canvas.queryByText(/^Logged$/)).toBeNull()
    await expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toBeDisabled()
  }
}

export const Skipped: Story = {
  args: { state: "idle", context: seed({ values: { [SET]: { skipped: true } } }) },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    await expect(statusOf(canvasElement)).toHaveTextContent("Skipped")
    await expect(within(canvasElement).getByRole("button", { name: "Mark set 1 done" })).toHaveTextContent(/^Done$/)
    // The fields still offer the prescription: a tap on Done logs it after all.
    await waitFor(() => expect(field(canvasElement, "Weight (lbs)")).toHaveValue("275"))
  }
}

/** A skip is sent at once, like Done. */
export const SkipTapped: Story = {
  args: { state: "idle", context: held },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Skip set 1" }))
    await expect(statusOf(canvasElement)).toHaveTextContent("Sending…")
    await expect(within(canvasElement).getByRole("button", { name: "Mark set 1 done" })).toHaveTextContent(/^Done$/)
  }
}

export const Offline: Story = {
  args: { state: "waitingToRetry", context: { ...sendingNow, attempt: 2 } },
  parameters: { machineState: "waitingToRetry" },
  play: async ({ canvasElement }) => {
    await expect(statusOf(canvasElement)).toHaveTextContent("Waiting to sync")
    await waitFor(() => expect(field(canvasElement, "Weight (lbs)")).toHaveValue("275"))
  }
}

export const Rejected: Story = {
  args: {
    state: "idle",
    context: seed({ typed: { [SET]: { weight: "1999" } }, rejected: [SET] })
  },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(field(canvasElement, "Weight (lbs)")).toHaveValue("1999"))
    await expect(statusOf(canvasElement)).toHaveTextContent("Not saved")
  }
}

/** The coach removed the set while its edit waited on the phone: it says so, and what was typed stays. */
export const RemovedByTheCoach: Story = {
  args: {
    state: "idle",
    context: seed({ typed: { [SET]: { weight: "100", reps: "5" } }, gone: [SET] })
  },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(field(canvasElement, "Weight (lbs)")).toHaveValue("100"))
    await expect(field(canvasElement, "Reps")).toHaveValue("5")
    await expect(statusOf(canvasElement)).toHaveTextContent("Not saved: your coach removed this set")
    await expect(statusOf(canvasElement)).not.toHaveTextContent(/^Logged/)
  }
}

/** A set the lifter added (an AMSAP set going on) can be removed. */
export const AddedAndRemovable: Story = {
  args: { state: "idle", context: seed({}), set: added, onRemove: fn() },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("group", { name: `Set 4 ${PRESCRIPTION}` })).toBeVisible()
    await expect(field(canvasElement, "Reps")).toHaveValue("5")
    await userEvent.click(canvas.getByRole("button", { name: "Remove set 4" }))
    await expect(args.onRemove).toHaveBeenCalledOnce()
  }
}

/** A logged set that beats the best estimated 1RM before it. */
export const PersonalRecord: Story = {
  args: { state: "idle", context: held },
  parameters: { machineState: "idle" },
  play: async ({ canvasElement }) => {
    const badge = await within(canvasElement).findByRole("img", { name: "Personal record" })
    await expect(badge).toBeVisible()
    await expect(badge).toHaveTextContent("PR")
  }
}
