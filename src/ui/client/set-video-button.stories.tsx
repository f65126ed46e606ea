import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { fromPromise } from "xstate"
import {
  attachContext,
  CHOSEN_AT,
  CHOSEN_VIDEO,
  chosenFile,
  readableProbe
} from "#machines/video-attach/video-attach.fixtures.ts"
import { videoAttachMachine } from "#machines/video-attach/video-attach.machine.ts"
import type { ClipProbe, VideoAttachContext } from "#machines/video-attach/video-attach.types.ts"
import type { ClipState } from "#machines/video-outbox/video-outbox.selectors.ts"
import { useSeededActor, useStartedActor } from "./client-story.tsx"
import { SetVideoButton } from "./set-video-button.tsx"
import "./client.css"

// One set's "Add video" (docs/decisions/050-form-check-videos.md), one story per state of its machine.

/** Reading a clip never ends: a seeded state stays put. */
const storyAttach = videoAttachMachine.provide({
  actors: { probe: fromPromise<ClipProbe, { file: File }>(() => new Promise(() => undefined)) }
})

/** Reading any clip finds a 42 s clip that plays. */
const readingAttach = videoAttachMachine.provide({
  actors: { probe: fromPromise<ClipProbe, { file: File }>(() => Promise.resolve(readableProbe)) }
})

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="page">
      <p>Back Squat, set 2: 5 × 100 kg</p>
      {children}
    </div>
  )
}

function SeededButton({
  state,
  context,
  clip,
  poster
}: {
  state: string
  context: VideoAttachContext
  clip?: ClipState | null | undefined
  poster?: Blob | null | undefined
}) {
  const attach = useSeededActor(storyAttach, state, context)
  return (
    <Frame>
      <SetVideoButton attach={attach} clip={clip} poster={poster} />
    </Frame>
  )
}

/** A 64 x 48 JPEG-like frame for the stories: a blue square drawn on a canvas. */
const storyPoster = (): Promise<Blob> => {
  const canvas = document.createElement("canvas")
  canvas.width = 64
  canvas.height = 48
  const context = canvas.getContext("2d")
  if (context !== null) {
    context.fillStyle = "#1f4fd1"
    context.fillRect(0, 0, 64, 48)
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob === null ? reject(new Error("no poster")) : resolve(blob)), "image/jpeg")
  )
}

const meta = {
  title: "Client/SetVideoButton",
  component: SeededButton,
  parameters: { machine: "video-attach" }
} satisfies Meta<typeof SeededButton>

export default meta
type Story = StoryObj<typeof meta>

const chosen = (sizeBytes = 24_000_000) => ({
  file: chosenFile("IMG_2041.MOV", sizeBytes),
  videoId: CHOSEN_VIDEO,
  chosenAt: CHOSEN_AT
})

const inState = (state: string, context: VideoAttachContext, clip?: ClipState | null) => ({
  args: { state, context, clip },
  parameters: { machineState: state }
})

/** A visible button-styled label around the camera input: the input has the name and the focus. */
export const Idle: Story = {
  ...inState("idle", attachContext()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByLabelText("Add video")
    await expect(input).toHaveAttribute("type", "file")
    await expect(input).toHaveAttribute("accept", "video/*")
    await expect(input).toHaveAttribute("capture", "environment")
    await expect(canvas.getByText("Add video")).toBeVisible()
    await userEvent.tab()
    await expect(input).toHaveFocus()
  }
}

export const Probing: Story = {
  ...inState("probing", attachContext({ chosen: chosen() })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Reading clip…")
    await expect(canvas.queryByLabelText("Add video")).toBeNull()
  }
}

export const TooLarge: Story = {
  ...inState(
    "tooLarge",
    attachContext({ chosen: chosen(240 * 1024 * 1024), check: { kind: "tooLarge", sizeBytes: 240 * 1024 * 1024 } })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "This clip is 240 MB; form checks can be up to 200 MB. Trim it or film at a lower quality and add it again."
    )
    await expect(canvas.getByLabelText("Add video")).toBeEnabled()
  }
}

export const TooLong: Story = {
  ...inState("tooLong", attachContext({ chosen: chosen(), check: { kind: "tooLong", durationMs: 102_300 } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "This clip is 1:42; form checks can be up to 1:30. Trim it and add it again."
    )
    // Dismissing it leaves the set as it was.
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss" }))
    await expect(canvas.queryByRole("alert")).toBeNull()
    await expect(canvas.getByLabelText("Add video")).toBeEnabled()
  }
}

export const Unreadable: Story = {
  ...inState("unreadable", attachContext({ chosen: chosen(), check: { kind: "unknownLength" } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "This file could not be read as a video. Choose a clip from your camera (MP4, MOV or WebM)."
    )
  }
}

export const Queued: Story = {
  ...inState("queued", attachContext({ chosen: chosen(), check: { kind: "ok", durationMs: 42_400 } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Video added")
    await expect(canvas.getByLabelText("Add video")).toBeEnabled()
  }
}

export const QueuedAndUploading: Story = {
  ...inState("queued", attachContext({ chosen: chosen(), check: { kind: "ok", durationMs: 42_400 } }), {
    status: "uploading",
    percent: 42
  }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Video uploading · 42%")
  }
}

/** On its way, with the frame drawn from it on the phone beside where it stands. */
export const QueuedAndUploadingWithItsFrame: Story = {
  ...inState("queued", attachContext({ chosen: chosen(), check: { kind: "ok", durationMs: 42_400 } }), {
    status: "uploading",
    percent: 42
  }),
  loaders: [async () => ({ poster: await storyPoster() })],
  render: (args, { loaded }) => <SeededButton {...args} poster={(loaded as { poster: Blob }).poster} />,
  play: async ({ canvasElement }) => {
    const frame = canvasElement.querySelector("img.set-video__poster")
    await expect(frame).not.toBeNull()
    await expect(frame?.getAttribute("src")).toMatch(/^blob:/)
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Video uploading · 42%")
  }
}

/** The outbox no longer holds it (stored whole, listed with the set's clips; or cancelled): nothing more is said here. */
export const QueuedAndGone: Story = {
  ...inState("queued", attachContext({ chosen: chosen(), check: { kind: "ok", durationMs: 42_400 } }), null),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("status")).toBeNull()
    await expect(within(canvasElement).getByLabelText("Add video")).toBeEnabled()
  }
}

export const QueuedOffline: Story = {
  ...inState("queued", attachContext({ chosen: chosen(), check: { kind: "ok", durationMs: 42_400 } }), {
    status: "waiting"
  }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "Video added: it uploads when you're back online"
    )
  }
}

export const QueuedAndRefused: Story = {
  ...inState("queued", attachContext({ chosen: chosen(), check: { kind: "ok", durationMs: 42_400 } }), {
    status: "refused",
    message: "This clip is not an MP4, MOV or WebM video."
  }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "Video not uploaded: This clip is not an MP4, MOV or WebM video."
    )
  }
}

function ChoosingButton() {
  const attach = useStartedActor(readingAttach, { set: attachContext().set })
  return (
    <Frame>
      <SetVideoButton attach={attach} />
    </Frame>
  )
}

/** Choosing a clip: it is read on the phone, then added. */
export const ChoosingAClip: Story = {
  args: { state: "idle", context: attachContext() },
  parameters: { machineState: "idle" },
  render: () => <ChoosingButton />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText("Add video"), new File(["clip"], "squat.mp4", { type: "video/mp4" }))
    await expect(await canvas.findByText("Video added")).toBeVisible()
  }
}
