import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import {
  selectFreshness,
  selectNextWorkout,
  selectTodayText,
  type ScheduleActorRef
} from "#machines/client-schedule/client-schedule.selectors.ts"
import { sameFreshness } from "#domain/as-of-text.ts"
import { ArrowRightIcon } from "#ui/layout/icons.tsx"
import { OfflineNote } from "./offline-note.tsx"
import { ScheduleLoadStatus } from "./schedule-load-status.tsx"
import { CoachReplies } from "./coach-replies.tsx"
import "./client.css"

/** The 'Next Workout:' card: the earliest scheduled workout on or after today that is not done. */
export function NextWorkoutCard({ schedule }: { schedule: ScheduleActorRef }) {
  const view = useSelector(schedule, selectNextWorkout)
  const freshness = useSelector(schedule, selectFreshness, sameFreshness)
  // data-source, once the card shows the next workout (or none): the server's answer or the
  // device copy's (bench:web and the e2e tests wait on it).
  const shown = view.status === "ready" || view.status === "none"
  const source = !shown ? undefined : freshness.status === "fresh" ? "network" : "copy"
  return (
    <section className="card next-workout" aria-labelledby="next-workout-title" data-source={source}>
      <h2 id="next-workout-title">Next Workout:</h2>
      <OfflineNote freshness={freshness} />
      <ScheduleLoadStatus status={view.status} schedule={schedule} />
      {view.status === "none" ? <p>No workouts scheduled!</p> : null}
      {view.status === "ready" ? (
        <div className="next-workout__body">
          <div>
            <p className="next-workout__date">{view.dateText}</p>
            {view.workoutText === null ? null : <p className="next-workout__which">{view.workoutText}</p>}
            <p className="muted">{view.exerciseNames.join(", ")}</p>
          </div>
          <Link
            to="/client/workouts/$date"
            params={{ date: view.routeDate }}
            search={view.search}
            state={view.carried}
            className="round-link"
            aria-label={`Open ${view.workoutText ?? "the workout"} for ${view.dateText}`}
          >
            <ArrowRightIcon />
          </Link>
        </div>
      ) : null}
    </section>
  )
}

/** Client dashboard: today's date, the greeting, 'Log Out', invitations from coaches and the next workout. */
export function ClientDashboard({
  greeting,
  schedule,
  logout,
  invitations
}: {
  greeting: string
  schedule: ScheduleActorRef
  logout: React.ReactNode
  /** The "Invitations" panel (client-dashboard-invitations.tsx), mounted in a chunk of its own. */
  invitations?: React.ReactNode
}) {
  const today = useSelector(schedule, selectTodayText)
  return (
    <main className="page client-dashboard">
      <header className="client-dashboard__header">
        <div>
          <p className="muted">{today}</p>
          <h1>{greeting}</h1>
        </div>
        {logout}
      </header>
      {invitations}
      <CoachReplies />
      <NextWorkoutCard schedule={schedule} />
    </main>
  )
}
