import { useSelector } from "@xstate/react"
import { lazy, Suspense, useEffect, useState } from "react"
import { LIFT_OPTIONS, liftLabel } from "#domain/lifts.ts"
import type { Lift } from "#domain/progress.ts"
import { selectProgress, type ScheduleActorRef } from "#machines/client-schedule/client-schedule.selectors.ts"
import "./client.css"

const ProgressChart = lazy(() => import("./progress-chart.tsx"))

const sameView = (a: ReturnType<typeof selectProgress>, b: ReturnType<typeof selectProgress>) =>
  a.status === b.status && a.isExample === b.isExample && a.points === b.points

/** Follows the chart box's size: the chart is 30% as tall as its container (SPEC section 9). */
function useBoxSize() {
  const [element, setElement] = useState<HTMLDivElement | null>(null)
  const [size, setSize] = useState({ width: 0, height: 0 })
  useEffect(() => {
    if (element === null || typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(([entry]) => {
      if (entry !== undefined) setSize({ width: entry.contentRect.width, height: entry.contentRect.height })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return { setElement, width: size.width, height: size.height }
}

/** /client/progress: the chosen lift's estimated max over time; the lift is part of the address. */
export function ProgressScreen({
  schedule,
  lift,
  onPickLift
}: {
  schedule: ScheduleActorRef
  lift: Lift
  onPickLift: (lift: Lift) => void
}) {
  const view = useSelector(schedule, (snapshot) => selectProgress(snapshot, lift), sameView)
  const { setElement, width, height } = useBoxSize()
  const label = `${liftLabel(lift)} estimated one-rep max (lbs)`
  return (
    <main className="page progress">
      <h1>Progress</h1>
      <label className="progress__picker">
        <span>Lift</span>
        <select value={lift} onChange={(event) => onPickLift(event.currentTarget.value as Lift)}>
          {LIFT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {view.isExample ? (
        <p className="progress__example">Example data: log {liftLabel(lift)} sets to see your own progress.</p>
      ) : null}
      <div className="progress__container">
        <div className="progress__chart" ref={setElement}>
          {view.status === "loading" ? (
            <p role="status">Loading...</p>
          ) : width > 0 && height > 0 ? (
            <Suspense fallback={<p role="status">Loading...</p>}>
              <ProgressChart points={view.points} width={width} height={height} label={label} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </main>
  )
}
