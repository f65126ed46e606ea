import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import type { IsoDate } from "#domain/calendar.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { dayVideoPorts } from "#machines/video-list/video-list.actors.ts"
import { videoOutboxOf } from "#machines/video-outbox/video-outbox.registry.ts"
import {
  clipPoster,
  clipState,
  sameClipState,
  type VideoOutboxActorRef
} from "#machines/video-outbox/video-outbox.selectors.ts"
import type { ClipSet } from "#machines/video-attach/video-attach.types.ts"
import { SetVideoButton } from "#ui/client/set-video-button.tsx"
import { useVideos } from "#ui/videos/use-videos.ts"
import { SetVideosOf } from "#ui/videos/set-videos.tsx"
import type { VideosPort, VideosSlot } from "#ui/videos/videos-slot.ts"
import { useServices } from "../-client-actors.ts"
import { useVideoAttach } from "../-video-attach.ts"

/**
 * The lifter's form checks on this day (docs/decisions/050-form-check-videos.md), mounted from
 * a chunk of its own after the logging page paints and handed to the page's slot: the day's
 * clips with their coach's comments (live), and "Add video" on each set, which hands the clip
 * to the client area's video outbox.
 */
export default function Videos({
  slot,
  clientId,
  date,
  workout
}: {
  slot: VideosSlot
  clientId: UserId
  date: IsoDate
  workout: GroupedWorkout
}) {
  const services = useServices()
  const [outbox] = useState(() => videoOutboxOf(services, clientId))
  const [sets] = useState(() => clipSets(clientId, date, workout))
  const mounted = useVideos({
    list: dayVideoPorts({ videos: services.videos, live: services.live, clientId, date }),
    viewer: "lifter",
    videos: services.videos,
    addTo: ({ setId }) => {
      const set = sets.get(setId)
      return set === undefined ? null : <AddVideo set={set} outbox={outbox} />
    }
  })
  const [port] = useState<VideosPort>(() => ({
    ...mounted,
    showSet: ({ setId, label }) => <SetVideosOf port={port} setId={setId} setLabel={label} />
  }))
  // A clip stored whole is read again, in case the live stream is away.
  useEffect(() => {
    const uploaded = outbox.on("uploaded", () => port.list.send({ type: "videos.reload" }))
    return () => uploaded.unsubscribe()
  }, [outbox, port])
  // Handed over once committed: a render React throws away made a port nobody keeps.
  useEffect(() => slot.attach(port), [slot, port])
  return null
}

/** Each set of the workout as a clip's record names it. */
const clipSets = (clientId: UserId, date: IsoDate, workout: GroupedWorkout): ReadonlyMap<SetId, ClipSet> =>
  new Map(
    workout.exercises.flatMap((exercise) =>
      exercise.sets.map(
        (row, setIndex) =>
          [
            row.id,
            { clientId, setId: row.id, date, workoutOrder: workout.workout_order, exercise: exercise.name, setIndex }
          ] as const
      )
    )
  )

/** "Add video" on one set, with the clip added last and where its upload stands. */
function AddVideo({ set, outbox }: { set: ClipSet; outbox: VideoOutboxActorRef }) {
  const attach = useVideoAttach(set)
  const videoId = useSelector(attach, (snapshot) => snapshot.context.chosen?.videoId ?? null)
  const clip = useSelector(
    outbox,
    (snapshot) => (videoId === null ? null : clipState(snapshot, videoId)),
    sameClipState
  )
  const poster = useSelector(outbox, (snapshot) => (videoId === null ? null : clipPoster(snapshot, videoId)))
  return <SetVideoButton attach={attach} clip={clip} poster={poster} />
}
