import { useSelector } from "@xstate/react"
import { selectTimerView, type TimerActorRef } from "#machines/timer/timer.selectors.ts"

/** The running workout time, h:mm:ss. */
export function WorkoutTimer({ timer }: { timer: TimerActorRef }) {
  const view = useSelector(timer, selectTimerView)
  return (
    <p className="workout-timer" role="timer" aria-label="Workout time">
      <span className="workout-timer__value">{view.elapsed}</span>
      <span className="workout-timer__state">{view.running ? "Running" : "Paused"}</span>
    </p>
  )
}
