import { createActor } from "xstate"
import type { UserId } from "#domain/ids.ts"
import { isOnline, watchNetwork } from "#device/network.ts"
import { deviceVideoOutbox } from "#device/video-outbox.store.ts"
import { terminateUpload, uploadVideo } from "#gateway/video-upload.ts"
import { onSignedOut, type SessionActorRef } from "../session/session.selectors.ts"
import { keptNowhere, videoOutboxImplementations } from "./video-outbox.actors.ts"
import { videoOutboxMachine } from "./video-outbox.machine.ts"
import type { VideoOutboxActorRef } from "./video-outbox.selectors.ts"

/*
 * The tab's video outbox (docs/decisions/050-form-check-videos.md): one for the signed-in
 * lifter, started by the first screen that needs it (the client area's status line mounts it
 * on every screen after it paints; the logging page's "Add video" may come first), so clips
 * kept on the device upload from any screen. It lives as long as the tab and the sign-in;
 * signing out stops it (and its erase empties the store).
 */

let running: { readonly me: UserId; readonly outbox: VideoOutboxActorRef } | undefined

/** The signed-in lifter's token, from Firebase's chunk (loaded by then: the client area is signed in). */
const getIdToken = async (forceRefresh?: boolean) =>
  (await import("#identity/firebase-auth.ts")).getIdToken(forceRefresh)

export function videoOutboxOf(services: { readonly session: SessionActorRef }, me: UserId): VideoOutboxActorRef {
  if (running?.me === me) return running.outbox
  running?.outbox.stop()
  const machine = videoOutboxMachine.provide(
    videoOutboxImplementations({
      // Without IndexedDB (some private modes) clips upload while the page is open, and are not kept.
      kept: deviceVideoOutbox(me) ?? keptNowhere,
      upload: (upload) => uploadVideo({ ...upload, getIdToken }),
      terminate: (videoId) => terminateUpload(videoId, { getIdToken }),
      watchNetwork
    })
  )
  const outbox = createActor(machine, { input: { online: isOnline() } }).start()
  running = { me, outbox }
  onSignedOut(services.session, () => {
    outbox.stop()
    if (running?.outbox === outbox) running = undefined
  })
  return outbox
}
