import { useSelector } from "@xstate/react"
import { asOfText, sameFreshness, type Freshness } from "#domain/as-of-text.ts"
import { selectDayFreshness, type WorkoutDayActorRef } from "#machines/workout-day/workout-day.selectors.ts"
import "./offline-note.css"

/**
 * How fresh the screen's data is, said only when it is not the server's latest answer:
 * 'Updating…' while the device copy is shown and the server asked, 'Offline, as of 7:42'
 * when the server could not be reached (docs/decisions/027).
 */
export function OfflineNote({ freshness }: { freshness: Freshness }) {
  if (freshness.status === "fresh") return null
  return (
    <p className="offline-note" role="status" data-freshness={freshness.status}>
      {freshness.status === "updating" ? "Updating…" : `Offline, as of ${asOfText(freshness.asOf)}`}
    </p>
  )
}

/** The note for a workout day's page and its logging page: how fresh the day's workout and record are. */
export function DayOfflineNote({ day }: { day: WorkoutDayActorRef }) {
  return <OfflineNote freshness={useSelector(day, selectDayFreshness, sameFreshness)} />
}
