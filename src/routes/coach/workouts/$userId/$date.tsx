import { lazy, Suspense, useState } from "react"
import { createFileRoute } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import * as Schema from "effect/Schema"
import { parseRouteDate } from "#domain/calendar.ts"
import { UserIdFromString } from "#domain/ids.ts"
import { coachDayImplementations } from "#machines/coach-day/coach-day.actors.ts"
import { coachDayMachine } from "#machines/coach-day/coach-day.machine.ts"
import type { CoachDayInput } from "#machines/coach-day/coach-day.types.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { exerciseDemoImplementations } from "#machines/exercise-demo/exercise-demo.actors.ts"
import { exerciseDemoMachine } from "#machines/exercise-demo/exercise-demo.machine.ts"
import { workoutRemovalImplementations } from "#machines/workout-removal/workout-removal.actors.ts"
import { workoutRemovalMachine } from "#machines/workout-removal/workout-removal.machine.ts"
import type { CommentId } from "#domain/comments.ts"
import { CoachDay } from "#ui/coach/coach-day.tsx"
import { commentsSlot } from "#ui/comments/comments-slot.ts"
import { videosSlot } from "#ui/videos/videos-slot.ts"
import { ClientNotFound } from "#ui/coach/day-not-found.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { useMountedMachine } from "../../../-mount.ts"
import { useDayLoads } from "./-day-loads.ts"

/** A screen's comments, mounted from a chunk of their own (with the chat client) once it is up. */
const CommentsHost = lazy(() => import("#ui/comments/comments-host.tsx"))
/** The client's form checks, likewise (docs/decisions/050). */
const VideosHost = lazy(() => import("#ui/videos/videos-host.tsx"))
const CoachUnit = lazy(() => import("./-coach-unit.tsx"))

const decodeUserId = Schema.decodeUnknownOption(UserIdFromString)

export const Route = createFileRoute("/coach/workouts/$userId/$date")({
  component: CoachDayRoute
})

function CoachDayRoute() {
  const { services } = Route.useRouteContext()
  const params = Route.useParams()
  const coachId = useSelector(services.session, (snapshot) => selectUser(snapshot).id)
  const clientId = decodeUserId(params.userId)
  const date = parseRouteDate(params.date)
  // An id that is no id names no client of this coach: said as such, like another coach's client.
  if (clientId._tag === "None") return <ClientNotFound />
  if (date === undefined) return <NotFound />
  if (coachId === null) return null
  return <MountedDay key={`${coachId}:${clientId.value}:${date}`} input={{ coachId, clientId: clientId.value, date }} />
}

function MountedDay({ input }: { input: CoachDayInput }) {
  const { services } = Route.useRouteContext()
  const day = useMountedMachine(coachDayMachine, () => coachDayImplementations({ gateway: services.gateway }), {
    input
  })
  // Removal is its own machine; what the server did reaches the day as the day's own events.
  const removal = useMountedMachine(
    workoutRemovalMachine,
    () =>
      workoutRemovalImplementations({
        gateway: services.gateway,
        dayLostWorkout: (workoutOrder) => day.send({ type: "workout.removed", workoutOrder }),
        dayRegainedWorkout: () => day.send({ type: "day.reload" })
      }),
    { input: { clientId: input.clientId, date: input.date } }
  )
  // A saved demo link reaches the day by reading it again: it shows what the server holds.
  const demos = useMountedMachine(exerciseDemoMachine, () =>
    exerciseDemoImplementations({ gateway: services.gateway, daySaved: () => day.send({ type: "day.reload" }) })
  )
  const loads = useDayLoads(services, input, day)
  // The client's notes on the day, kept live; the coach replies in place (a composer per comment).
  const [comments] = useState(() => commentsSlot())
  const [videos] = useState(videosSlot)
  return (
    <>
      <Suspense fallback={null}>
        <CommentsHost
          slot={comments}
          read={{
            kind: "day",
            chat: services.chat,
            live: services.live,
            clientId: input.clientId,
            date: input.date
          }}
          what="reply"
          deliverFor={(commentId) => async (delivery) =>
            services.chat.replyToComment(commentId as CommentId, delivery.text)
          }
        />
      </Suspense>
      <Suspense fallback={null}>
        <VideosHost
          slot={videos}
          read={{
            kind: "day",
            videos: services.videos,
            live: services.live,
            clientId: input.clientId,
            date: input.date
          }}
          videos={services.videos}
        />
      </Suspense>
      <Suspense fallback={null}>
        {/* The coach's own unit: the day's weights are shown in it (docs/decisions/038). */}
        <CoachUnit coachId={input.coachId} gateway={services.gateway} listener={day} />
      </Suspense>
      <CoachDay day={day} removal={removal} loads={loads} comments={comments} videos={videos} demos={demos} />
    </>
  )
}
