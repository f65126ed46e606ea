import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, waitFor, within } from "storybook/test"
import { SetId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { LoggedValues } from "#machines/autosave/autosave.types.ts"
import {
  addedAmsapSet,
  amsapWorkout,
  earlierRows,
  FIXTURE_DATE,
  fixtureWorkout,
  supersetWorkout
} from "#machines/logging/logging.fixtures.ts"
import type { LoggingEvent } from "#machines/logging/logging.types.ts"
import type { WorkoutDayActorRef } from "#machines/workout-day/workout-day.selectors.ts"
import { AreaLayout } from "#ui/layout/area-layout.tsx"
import { useState } from "react"
import { storyWorkoutDay, useSeededAutosave, useStartedActor, type DayAnswers } from "./client-story.tsx"
import { restSlot } from "./logging-rest.tsx"
import { LoggingScreen, WorkoutToLog } from "./logging-screen.tsx"
import { WakeLockStatus } from "./wake-lock-status.tsx"
import { storyLogging, storyLoadsLayer, storyRestTimer, storyWakeLock, type LoggingAnswers } from "./logging-story.ts"

const T0 = Date.UTC(2026, 0, 5, 9)
const END = T0 + 1_800_000

/** The squat day's last prescribed set, AMSAP: 'Add another set' follows it. */
const AMSAP_SET = SetId.make(303)

/** What the server already holds for some sets (autosave restored it). */
type Held = Readonly<Record<number, LoggedValues>>
const logged = (weight: number | null, reps: number, rir: number | null = null) =>
  ({ weight, reps, rir }) as unknown as LoggedValues
const skipped = { skipped: true } as LoggedValues

/** The squat day with the added AMSAP set already on it. */
const withAddedSet: GroupedWorkout = {
  ...amsapWorkout,
  exercises: amsapWorkout.exercises.map((exercise, i) =>
    i === 0 ? { ...exercise, sets: [...exercise.sets, addedAmsapSet] } : exercise
  )
}

/** Every set of the squat day logged or skipped, a record among them. */
const allAccountedFor: Held = { 301: logged(275, 5, 2), 302: skipped, 303: logged(245, 8), 304: logged(150, 5) }

interface PagerArgs {
  readonly workout: GroupedWorkout
  readonly screen?: number
  readonly events?: ReadonlyArray<LoggingEvent>
  readonly answers?: LoggingAnswers
  readonly held?: Held
}

function StartedLogging({
  day,
  workout,
  screen = 0,
  events = [],
  answers = {},
  held = {}
}: PagerArgs & { day: WorkoutDayActorRef }) {
  const logging = useStartedActor(
    storyLogging(answers),
    { date: FIXTURE_DATE, workout, screen, clock: null, now: T0 },
    events
  )
  const autosave = useSeededAutosave("idle", { values: held, typed: {}, invalid: {} })
  const rest = useStartedActor(storyRestTimer, undefined)
  const [slot] = useState(restSlot)
  slot.attach(rest)
  const wakeLock = useStartedActor(storyWakeLock, undefined)
  return (
    <LoggingScreen
      logging={logging}
      autosave={autosave}
      rest={slot}
      restTimer={null}
      wakeLock={<WakeLockStatus wakeLock={wakeLock} />}
      day={day}
    />
  )
}

/** The logging page as the route builds it: the day's workout first, then the pager for it. */
function LoggingPage({
  carried,
  day: dayAnswers = { day: "never", record: "never" },
  ...pager
}: Omit<PagerArgs, "workout"> & { carried?: GroupedWorkout; day?: DayAnswers }) {
  const day = useStartedActor(storyWorkoutDay(dayAnswers), { date: FIXTURE_DATE, carried: { workout: carried } })
  return (
    <AreaLayout area="client">
      <WorkoutToLog day={day}>
        {({ workout }) => <StartedLogging day={day} workout={workout} {...pager} />}
      </WorkoutToLog>
    </AreaLayout>
  )
}

const meta = {
  title: "Client/LoggingScreen",
  component: LoggingPage,
  parameters: { machine: "logging", route: "/client/workouts/01-05-2026/0" }
} satisfies Meta<typeof LoggingPage>

export default meta
type Story = StoryObj<typeof meta>

const setGroup = (canvasElement: HTMLElement, n: number) =>
  within(canvasElement).getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })

export const Loading: Story = {
  args: { day: { day: "never", record: "never" } },
  parameters: { machine: "workout-day", machineState: "workout.loading" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading...")
  }
}

export const LoadFailed: Story = {
  args: { day: { day: "fails", record: "never" } },
  parameters: { machine: "workout-day", machineState: "workout.failed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("alert")).toHaveTextContent("could not be loaded")
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const NoWorkout: Story = {
  args: { day: { day: [], record: "never" } },
  parameters: { machine: "workout-day", machineState: "workout.none" },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/No workout scheduled for Monday, January 5, 2026/)
    ).toBeVisible()
  }
}

export const FetchedByItsAddress: Story = {
  args: { day: { day: [fixtureWorkout], record: "never" } },
  parameters: { machineState: "active.pager.exercise" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { level: 2, name: "Squat" })).toBeVisible()
  }
}

/** No signal at the gym: the workout comes from the phone's copy, and the page says how old it is. */
export const OfflineFromTheCopy: Story = {
  args: {
    day: {
      day: "fails",
      record: "never",
      copy: { day: { workouts: [fixtureWorkout], asOf: new Date(2026, 0, 5, 7, 42).getTime() }, record: null }
    }
  },
  parameters: { machine: "workout-day", machineState: "workout.stale" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("heading", { level: 2, name: "Squat" })).toBeVisible()
    await expect(await canvas.findByText(/^Offline, as of .*7:42/)).toBeVisible()
  }
}

export const FirstExercise: Story = {
  args: { carried: fixtureWorkout, held: { 101: logged(225, 5, 2) } },
  parameters: { machineState: ["active.pager.exercise", "active.history.loading", "active.sets.ready.idle"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 2, name: "Squat" })).toBeVisible()
    await expect(canvas.getByRole("timer", { name: "Workout time" })).toHaveTextContent("0:00:00")
    await expect(canvas.queryByRole("button", { name: "Previous exercise" })).toBeNull()
    // What the server holds shows; the next set starts from its prescription.
    await expect(within(setGroup(canvasElement, 1)).getByLabelText("Weight (lbs)")).toHaveValue("225")
    await expect(within(setGroup(canvasElement, 2)).getByLabelText("Reps")).toHaveValue("5")
    await expect(canvas.getByRole("button", { name: "Add set" })).toBeEnabled()
    await userEvent.click(canvas.getByRole("button", { name: "Next exercise" }))
    await expect(canvas.getByRole("heading", { level: 2, name: "Bench Press" })).toBeVisible()
  }
}

export const LastExercise: Story = {
  args: { carried: fixtureWorkout, screen: 2 },
  parameters: { machineState: "active.pager.exercise" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 2, name: "Deadlift" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Previous exercise" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Next exercise" })).toBeNull()
  }
}

/** A superset's page: its sets take turns, A1, A2, A1 …, with the coach's tempo, rest and note. */
export const SupersetTakesTurns: Story = {
  args: { carried: supersetWorkout },
  parameters: { machineState: "active.pager.exercise" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 2, name: "Superset A: Pull-up and Dip" })).toBeVisible()
    await expect(canvas.getByText("Exercises 1–2 of 3")).toBeVisible()
    const order = canvas
      .getAllByRole("group")
      .map((group) => group.querySelector(".set-logger__label")?.textContent)
      .filter((label) => label != null)
    await expect(order).toEqual([
      "A1 Pull-up, set 1",
      "A2 Dip, set 1",
      "A1 Pull-up, set 2",
      "A2 Dip, set 2",
      "A1 Pull-up, set 3"
    ])
    const coaching = canvas.getByRole("list", { name: "From your coach" })
    await expect(coaching).toHaveTextContent("A1 Pull-up: Tempo 21X1 · No rest")
    await expect(coaching).toHaveTextContent("Full hang at the bottom")
    await expect(coaching).toHaveTextContent("A2 Dip: Rest 1:30 min")
    const demo = within(coaching).getByRole("link", { name: "Watch demo of A2 Dip (opens a new tab)" })
    await expect(demo).toHaveAttribute("href", "https://videos.example.com/dip")
    await expect(demo).toHaveAttribute("rel", "noopener noreferrer")
    // A superset's rounds are the coach's: no set is added to one.
    await expect(canvas.queryByRole("button", { name: /Add/ })).toBeNull()
    await userEvent.click(canvas.getByRole("button", { name: "Next exercise" }))
    await expect(canvas.getByRole("heading", { level: 2, name: "Back Squat" })).toBeVisible()
    await expect(canvas.getByText("Exercise 3 of 3")).toBeVisible()
    await expect(canvas.getByRole("list", { name: "From your coach" })).toHaveTextContent("Rest 3 min")
  }
}

export const WholePrescriptionAndLastTime: Story = {
  args: {
    carried: amsapWorkout,
    answers: { history: { with: earlierRows }, loads: { with: storyLoadsLayer(amsapWorkout) } }
  },
  parameters: { machineState: ["active.pager.exercise", "active.history.loaded"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const first = setGroup(canvasElement, 1)
    await expect(first).toHaveTextContent("275 lbs × 5 reps at 2 RIR")
    await expect(await within(first).findByText("last time: 265 lbs × 5")).toBeVisible()
    await waitFor(() => expect(within(first).getByLabelText("Weight (lbs)")).toHaveValue("275"))
    await expect(setGroup(canvasElement, 2)).toHaveTextContent("10% backoff")
    await expect(setGroup(canvasElement, 3)).toHaveTextContent("AMSAP")
    // The last set is AMSAP: the lifter keeps going.
    await expect(canvas.getByRole("button", { name: "Add another set" })).toBeEnabled()
  }
}

export const LoadsOnTheirWay: Story = {
  args: { carried: amsapWorkout },
  parameters: { machineState: ["active.pager.exercise", "active.loads.opening"] },
  play: async ({ canvasElement }) => {
    const first = setGroup(canvasElement, 1)
    // A quiet place for the load. The lifter's unit is not known yet: no weight is shown, or
    // logged, in a guessed one (docs/decisions/039-done-means-done.md); the set says why.
    await expect(first.querySelector(".set-logger__load-placeholder")).not.toBeNull()
    await expect(within(first).queryByRole("button", { name: "Plates" })).toBeNull()
    await expect(within(first).getByLabelText("Weight")).toHaveValue("")
    await expect(first).toHaveTextContent("Waiting for your unit (lb or kg)…")
    await expect(within(first).getByRole("button", { name: "Mark set 1 done" })).toBeDisabled()
  }
}

export const LoadsWorkedOut: Story = {
  args: { carried: amsapWorkout, screen: 1, answers: { loads: { with: storyLoadsLayer(amsapWorkout) } } },
  parameters: { machineState: ["active.pager.exercise", "active.loads.open"] },
  play: async ({ canvasElement }) => {
    const bench = setGroup(canvasElement, 1)
    // 75% of a 277.5 lb e1RM is 208.1: 210 on the lifter's plates, and the weight starts there.
    await expect(await within(bench).findByText("210 lbs")).toBeVisible()
    await expect(within(bench).getByText("75% of e1RM")).toBeVisible()
    await expect(within(bench).getByLabelText("Weight (lbs)")).toHaveValue("210")
    await userEvent.click(within(bench).getByRole("button", { name: "Plates" }))
    await expect(within(bench).getByText("45 + 35 + 2.5 per side")).toBeVisible()
  }
}

export const LoadsInKilograms: Story = {
  args: { carried: amsapWorkout, answers: { loads: { with: storyLoadsLayer(amsapWorkout, "kg") } } },
  parameters: { machineState: ["active.pager.exercise", "active.loads.open"] },
  play: async ({ canvasElement }) => {
    const first = setGroup(canvasElement, 1)
    // The coach wrote 275 lb; a lifter in kilograms reads and enters 125 kg (124.7 on their plates).
    await expect(await within(first).findByText("125 kg")).toBeVisible()
    await expect(within(first).getByLabelText("Weight (kg)")).toHaveValue("125")
    await expect(within(setGroup(canvasElement, 2)).getByText("(log your top set first)")).toBeVisible()
  }
}

export const LoadsUnavailable: Story = {
  args: { carried: amsapWorkout, answers: { loads: "offline" } },
  parameters: { machineState: ["active.pager.exercise", "active.loads.unavailable"] },
  play: async ({ canvasElement }) => {
    const first = setGroup(canvasElement, 1)
    // The prescription as written, no load line; with the lifter's unit unknown no weight is logged.
    await expect(first).toHaveTextContent("275 lbs × 5 reps at 2 RIR")
    await expect(within(first).getByLabelText("Weight")).toHaveValue("")
    await expect(first).toHaveTextContent("Waiting for your unit (lb or kg)…")
    await expect(first.querySelector(".set-load")).toBeNull()
    await expect(within(first).queryByRole("button", { name: "Plates" })).toBeNull()
  }
}

export const HistoryUnavailable: Story = {
  args: { carried: amsapWorkout, answers: { history: "offline", loads: { with: storyLoadsLayer(amsapWorkout) } } },
  parameters: { machineState: ["active.pager.exercise", "active.history.unavailable"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Logging goes on; there is just no "last time".
    await waitFor(() => expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toBeEnabled())
    await expect(canvas.queryByText(/last time/)).toBeNull()
  }
}

export const AddingASet: Story = {
  args: {
    carried: amsapWorkout,
    events: [{ type: "set.add", afterSetId: AMSAP_SET, idempotencyKey: "a".repeat(32) }]
  },
  parameters: { machineState: "active.sets.adding" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("Adding a set…")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Add another set" })).toBeDisabled()
  }
}

export const SetAdded: Story = {
  args: { carried: amsapWorkout, answers: { addSet: { with: addedAmsapSet } } },
  parameters: { machineState: ["active.pager.exercise", "active.sets.ready.idle"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Add another set" }))
    const added = await canvas.findByRole("group", { name: /^Set 4\b/ })
    await expect(added).toHaveTextContent("245 lbs × 5 reps")
    await expect(within(added).getByRole("button", { name: "Remove set 4" })).toBeVisible()
    // Prescribed sets can be skipped, never removed.
    await expect(within(setGroup(canvasElement, 3)).queryByRole("button", { name: /^Remove/ })).toBeNull()
  }
}

export const AddFailedOffline: Story = {
  args: {
    carried: amsapWorkout,
    answers: { addSet: "offline" },
    events: [{ type: "set.add", afterSetId: AMSAP_SET, idempotencyKey: "b".repeat(32) }]
  },
  parameters: { machineState: "active.sets.ready.failed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent("Could not add a set")
    await expect(alert).toHaveTextContent("needs a connection")
    await expect(within(alert).getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(within(alert).getByRole("button", { name: "Dismiss" })).toBeEnabled()
  }
}

export const RemovingASet: Story = {
  args: { carried: withAddedSet, events: [{ type: "set.remove", setId: addedAmsapSet.id }] },
  parameters: { machineState: "active.sets.removing" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Removing the set…")).toBeVisible()
  }
}

export const Summary: Story = {
  args: {
    carried: amsapWorkout,
    answers: { history: { with: earlierRows } },
    held: { 301: logged(275, 5, 2), 302: skipped, 303: logged(245, 8) },
    events: [{ type: "workout.end", at: END }]
  },
  parameters: { machineState: "active.pager.summary.reviewing" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Summary" })).toBeVisible()
    await expect(canvas.getByRole("timer", { name: "Workout time" })).toHaveTextContent("0:30:00")
    await expect(canvas.getByRole("timer", { name: "Workout time" })).toHaveTextContent("Paused")
    // The summary comes in its own chunk.
    const summary = await canvas.findByRole("region", { name: "Workout summary" })
    await expect(summary).toHaveTextContent("Back Squat: 2 of 3 sets done, 1 skipped")
    await expect(summary).toHaveTextContent("Bench Press: 0 of 1 sets done")
    await expect(await within(summary).findByText("PR: Back Squat 275 × 5")).toBeVisible()
    await expect(summary).toHaveTextContent("1 set not logged: Bench Press set 1")
    await expect(canvas.getByRole("button", { name: "Resume Workout" })).toBeVisible()
    // A set not logged: Submit asks first.
    await userEvent.click(canvas.getByRole("button", { name: "Submit Workout" }))
    await expect(canvas.getByText("Submit with 1 set not logged?")).toBeVisible()
  }
}

export const ConfirmingWithSetsNotLogged: Story = {
  args: {
    carried: amsapWorkout,
    held: { 301: logged(275, 5, 2) },
    events: [
      { type: "workout.end", at: END },
      { type: "workout.submit", at: END + 5_000, unlogged: 3 }
    ]
  },
  parameters: { machineState: "active.pager.summary.confirming" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const confirm = await canvas.findByRole("group", { name: "Confirm submit" })
    await expect(confirm).toHaveTextContent("Submit with 3 sets not logged?")
    await expect(within(confirm).getByRole("button", { name: "Submit anyway" })).toBeVisible()
    await expect(within(confirm).getByRole("button", { name: "Keep logging" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Submit Workout" })).toBeNull()
    await userEvent.click(within(confirm).getByRole("button", { name: "Keep logging" }))
    await expect(canvas.getByRole("heading", { level: 2, name: "Bench Press" })).toBeVisible()
  }
}

const submitted = (answers: LoggingAnswers): Story["args"] => ({
  carried: amsapWorkout,
  held: allAccountedFor,
  answers,
  events: [
    { type: "workout.end", at: END },
    { type: "workout.submit", at: END + 5_000, unlogged: 0 }
  ]
})

export const Submitting: Story = {
  args: submitted({ complete: "never" }),
  parameters: { machineState: "active.pager.submitting" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("Submitting your workout…")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Submit Workout" })).toBeDisabled()
    await expect(canvas.queryByRole("button", { name: "Resume Workout" })).toBeNull()
  }
}

export const SubmitFailed: Story = {
  args: submitted({ complete: "offline" }),
  parameters: { machineState: "active.pager.summary.submitFailed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent(
      "Could not submit: We couldn't reach the server. Check your connection and try again. Your sets are kept."
    )
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Resume Workout" })).toBeEnabled()
  }
}

/** Submitted offline: the completion waits on the phone and the summary never says it was sent. */
export const NotYetSent: Story = {
  args: submitted({ offlineOutbox: true }),
  parameters: { machineState: "active.pager.summary.queued" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByText(
        "Not yet sent: your workout is kept on this phone and will be sent when you are back online. Your coach sees it once it is sent."
      )
    ).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Back to dashboard" })).toBeEnabled()
    await expect(canvas.queryByText(/Submitted|Saved/)).toBeNull()
    await expect(canvas.queryByRole("button", { name: "Submit Workout" })).toBeNull()
  }
}

/** 'Back to dashboard' while the completion waits: the app-wide drain sends it later. */
export const LeftWithTheWorkoutOnThePhone: Story = {
  args: submitted({ offlineOutbox: true }),
  parameters: { machineState: "left" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole("button", { name: "Back to dashboard" }))
    await expect(await canvas.findByRole("status")).toHaveTextContent("Loading...")
  }
}

export const Submitted: Story = {
  args: submitted({ complete: { with: undefined as never } }),
  parameters: { machineState: "submitted" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("Loading...")
  }
}

export const SummaryOfAnEmptyWorkout: Story = {
  args: { carried: { workout_order: 0, exercises: [] } },
  parameters: { machineState: "active.pager.summary.reviewing" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole("button", { name: "Submit Workout" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Resume Workout" })).toBeNull()
  }
}

export const RestStartsWhenASetIsDone: Story = {
  args: { carried: amsapWorkout, answers: { loads: { with: storyLoadsLayer(amsapWorkout) } } },
  parameters: { machine: "rest-timer", machineState: "idle" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("timer", { name: "Rest" })).toBeNull()
    // Typing does not start the rest: it is a draft, not a set done.
    await userEvent.type(canvas.getAllByRole("textbox", { name: "Reps" })[0] as HTMLElement, "{Backspace}6")
    await expect(canvas.queryByRole("timer", { name: "Rest" })).toBeNull()
    await waitFor(() => expect(canvas.getByRole("button", { name: "Mark set 1 done" })).toBeEnabled())
    await userEvent.click(canvas.getByRole("button", { name: "Mark set 1 done" }))
    await expect(await canvas.findByRole("timer", { name: "Rest" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Undo set 1" })).toBeVisible()
  }
}
