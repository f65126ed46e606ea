import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { fromCallback, fromPromise } from "xstate"
import type { KeptClip } from "#domain/video-outbox.ts"
import {
  benchClip,
  deadliftClip,
  keptClip,
  outboxContext,
  squatClip,
  TOO_MUCH_FOR_QUOTA
} from "#machines/video-outbox/video-outbox.fixtures.ts"
import { videoOutboxMachine } from "#machines/video-outbox/video-outbox.machine.ts"
import type { UploadInput, VideoOutboxContext } from "#machines/video-outbox/video-outbox.types.ts"
import { useSeededActor } from "./client-story.tsx"
import { VideoUploads } from "./video-uploads.tsx"
import "./client.css"

// The video outbox's status line (docs/decisions/050-form-check-videos.md), one story per state of its machine.

/** An outbox whose store and uploads never answer: what a story seeds stays put. */
const storyOutbox = videoOutboxMachine.provide({
  actors: {
    loadKept: fromPromise<ReadonlyArray<KeptClip>>(() => new Promise(() => undefined)),
    upload: fromPromise<undefined, UploadInput>(() => new Promise(() => undefined)),
    watchNetwork: fromCallback(() => () => undefined)
  }
})

function SeededUploads({ state, context }: { state: string; context: VideoOutboxContext }) {
  const outbox = useSeededActor(storyOutbox, state, context)
  return (
    <div className="page">
      <p>The dashboard or any client screen</p>
      <VideoUploads outbox={outbox} />
    </div>
  )
}

const meta = {
  title: "Client/VideoUploads",
  component: SeededUploads,
  parameters: { machine: "video-outbox" }
} satisfies Meta<typeof SeededUploads>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: string, context: VideoOutboxContext) => ({
  args: { state, context },
  parameters: { machineState: state }
})

const squat = keptClip(squatClip, { created: true })
const bench = keptClip(benchClip)
const deadlift = keptClip(deadliftClip)

/** The device's store is read: nothing is known to wait yet, so nothing is said. */
export const Loading: Story = {
  ...inState("loading", outboxContext()),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("complementary")).toBeNull()
  }
}

/** A clip was just added (or the network came back): the queue is being looked at, and the clip already shows as waiting. */
export const Checking: Story = {
  ...inState("checking", outboxContext({ clips: [bench] })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("complementary")).toHaveTextContent("1 clip")
  }
}

/** Nothing held: the line is not there. */
export const Idle: Story = {
  ...inState("idle", outboxContext()),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("complementary")).toBeNull()
  }
}

/** A clip on its way: which set, how far, and a Cancel that takes it off the queue. */
export const Uploading: Story = {
  ...inState("uploading", outboxContext({ clips: [squat], progress: { videoId: squatClip.videoId, percent: 42 } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const line = within(canvas.getByRole("complementary", { name: "Form-check uploads" }))
    await expect(line.getByText(/Uploading form check/).parentElement).toHaveTextContent(
      "Uploading form check (Back Squat set 2) · 42%"
    )
    const bar = line.getByRole("progressbar", { name: "Uploading form check of Back Squat set 2" })
    await expect(bar).toHaveAttribute("aria-valuenow", "42")
    await expect(line.queryByRole("status")).toBeNull()
    await userEvent.click(line.getByRole("button", { name: "Cancel upload of Back Squat set 2" }))
    await expect(canvas.queryByRole("complementary")).toBeNull()
  }
}

/** Clips behind the one on its way are counted. */
export const UploadingWithMoreQueued: Story = {
  ...inState(
    "uploading",
    outboxContext({ clips: [squat, bench, deadlift], progress: { videoId: squatClip.videoId, percent: 7 } })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "7")
    await expect(canvas.getByRole("status")).toHaveTextContent("2 more clips after this one")
  }
}

/** Offline: the clip waits on the phone, and is said to. */
export const Offline: Story = {
  ...inState("offline", outboxContext({ clips: [squat], online: false })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent(
      "1 clip waits for a connection; it uploads when you're back online"
    )
    await expect(canvas.queryByRole("progressbar")).toBeNull()
    await expect(canvas.queryByText(/Uploaded/)).toBeNull()
  }
}

export const OfflineWithSeveral: Story = {
  ...inState("offline", outboxContext({ clips: [squat, bench, deadlift], online: false })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "3 clips wait for a connection; they upload when you're back online"
    )
  }
}

/** The server failed on its side: the clip waits and is tried again. */
export const WaitingToRetry: Story = {
  ...inState("waitingToRetry", outboxContext({ clips: [squat], attempt: 2 })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "1 clip waits to upload: the server did not take it yet, trying again shortly"
    )
  }
}

/** The server refused a clip: its words stay until dismissed, and the clip leaves the phone then. */
export const Refused: Story = {
  ...inState("idle", outboxContext({ clips: [keptClip(benchClip, { refused: TOO_MUCH_FOR_QUOTA })] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent(
      `Your form check of Bench Press set 1 was not uploaded: ${TOO_MUCH_FOR_QUOTA}`
    )
    await userEvent.click(within(alert).getByRole("button", { name: "Dismiss" }))
    await expect(canvas.queryByRole("complementary")).toBeNull()
  }
}

/** A refusal beside a clip on its way: both are told. */
export const UploadingBesideARefusal: Story = {
  ...inState(
    "uploading",
    outboxContext({
      clips: [keptClip(benchClip, { refused: TOO_MUCH_FOR_QUOTA }), squat],
      progress: { videoId: squatClip.videoId, percent: 90 }
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "90")
    await expect(canvas.getByRole("alert")).toHaveTextContent(/Bench Press set 1 was not uploaded/)
    await expect(canvas.queryByRole("status")).toBeNull()
  }
}
