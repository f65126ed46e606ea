import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, waitFor, within } from "storybook/test"
import type { UserId } from "#domain/ids.ts"
import type { KeptClip, KeptVideos } from "#domain/video-outbox.ts"
import { probeVideo } from "#device/video-probe.ts"
import { indexedDbVideoOutbox } from "#device/video-outbox.store.ts"
import { videoAttachImplementations } from "#machines/video-attach/video-attach.actors.ts"
import { squatSet } from "#machines/video-attach/video-attach.fixtures.ts"
import { videoAttachMachine } from "#machines/video-attach/video-attach.machine.ts"
import { videoOutboxImplementations } from "#machines/video-outbox/video-outbox.actors.ts"
import { videoOutboxMachine } from "#machines/video-outbox/video-outbox.machine.ts"
import type { VideoOutboxActorRef } from "#machines/video-outbox/video-outbox.selectors.ts"
import { useStartedActor } from "#ui/client/client-story.tsx"
import { SetVideoButton } from "#ui/client/set-video-button.tsx"
import { VideoUploads } from "#ui/client/video-uploads.tsx"
import "#ui/client/client.css"

/*
 * The device's side of form checks in real Chromium: a clip filmed here (a WebM that
 * MediaRecorder makes from a canvas) is read by the real probe (its length, a JPEG poster),
 * kept in the real IndexedDB store with its bytes, and queued by the real outbox, whose
 * upload never answers here (the server's side is tested on its own).
 */

/** A lifter of these stories alone, so their clips never meet anyone's. */
const LIFTER = 990_001 as UserId
/** The real store, opened when a story first needs it (a module load in jsdom has no IndexedDB). */
let opened: KeptVideos | undefined
const store = (): KeptVideos => (opened ??= indexedDbVideoOutbox(LIFTER))

/** A WebM of about `ms` milliseconds, filmed from a canvas with a moving square. */
async function filmedClip(ms: number): Promise<File> {
  const canvas = document.createElement("canvas")
  canvas.width = 320
  canvas.height = 240
  const context = canvas.getContext("2d")
  if (context === null) throw new Error("no 2d canvas")
  const stream = canvas.captureStream(30)
  const recorder = new MediaRecorder(stream, { mimeType: "video/webm" })
  const chunks: Array<Blob> = []
  recorder.ondataavailable = (event) => chunks.push(event.data)
  const stopped = new Promise((resolve) => (recorder.onstop = resolve))
  const started = performance.now()
  const draw = () => {
    const t = performance.now() - started
    context.fillStyle = "#1f4fd1"
    context.fillRect(0, 0, 320, 240)
    context.fillStyle = "#ffffff"
    context.fillRect((t / 10) % 280, 100, 40, 40)
    if (recorder.state === "recording") requestAnimationFrame(draw)
  }
  recorder.start(100)
  draw()
  await new Promise((resolve) => setTimeout(resolve, ms))
  recorder.stop()
  await stopped
  stream.getTracks().forEach((track) => track.stop())
  return new File(chunks, "squat.webm", { type: "video/webm" })
}

const deviceOutbox = videoOutboxMachine.provide(
  videoOutboxImplementations({
    kept: {
      list: () => store().list(),
      put: (clip) => store().put(clip),
      remove: (videoId) => store().remove(videoId),
      clear: () => store().clear()
    },
    upload: () => new Promise(() => undefined),
    terminate: () => Promise.resolve(),
    watchNetwork: () => () => undefined
  })
)

function OnTheDevice() {
  const outbox: VideoOutboxActorRef = useStartedActor(deviceOutbox, { online: true })
  const attach = useStartedActor(
    videoAttachMachine.provide(
      videoAttachImplementations({
        probe: (file) => probeVideo(file),
        queue: (added) => outbox.send({ type: "clip.add", ...added })
      })
    ),
    { set: { ...squatSet, clientId: LIFTER } }
  )
  return (
    <div className="page">
      <VideoUploads outbox={outbox} />
      <p>Back Squat, set 2: 5 × 100 kg</p>
      <SetVideoButton attach={attach} />
    </div>
  )
}

const meta = {
  title: "Client/Form checks on the device",
  component: OnTheDevice,
  parameters: { route: "/client/dashboard" },
  beforeEach: async () => {
    await store().clear()
  }
} satisfies Meta<typeof OnTheDevice>

export default meta
type Story = StoryObj<typeof meta>

const keptClips = () => store().list()

/** A clip filmed here is read, kept with its bytes and a poster, and queued; Cancel takes it off the device. */
export const AFilmedClipIsKeptAndQueued: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const film = await filmedClip(1_500)
    await userEvent.upload(canvas.getByLabelText("Add video"), film)
    await expect(await canvas.findByText("Video added", {}, { timeout: 10_000 })).toBeVisible()
    let kept: ReadonlyArray<KeptClip> = []
    await waitFor(async () => {
      kept = await keptClips()
      await expect(kept).toHaveLength(1)
    })
    const [clip] = kept
    // MediaRecorder's WebM says no length: the probe finds it by seeking to its end.
    await expect(clip?.clip.durationMs).toBeGreaterThan(1_000)
    await expect(clip?.clip.durationMs).toBeLessThan(2_500)
    await expect(clip?.clip).toMatchObject({ setId: squatSet.setId, fileName: "squat.webm", sizeBytes: film.size })
    await expect(clip?.file.size).toBe(film.size)
    await expect(clip?.poster?.type).toBe("image/jpeg")
    await expect(clip?.poster?.size).toBeGreaterThan(0)
    await expect(canvas.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0")
    await userEvent.click(canvas.getByRole("button", { name: "Cancel upload of Back Squat set 2" }))
    await waitFor(async () => expect(await keptClips()).toEqual([]))
  }
}

/** A file that is no video is told at once, and nothing is kept. */
export const NotAVideoIsTold: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(
      canvas.getByLabelText("Add video"),
      new File(["these are not the frames you are looking for"], "notes.mp4", { type: "video/mp4" })
    )
    await expect(await canvas.findByRole("alert", {}, { timeout: 10_000 })).toHaveTextContent(
      "This file could not be read as a video."
    )
    await expect(await keptClips()).toEqual([])
  }
}
