import { useSelector } from "@xstate/react"
import { lazy, Suspense, useEffect, useState } from "react"
import { isProgressRange } from "#domain/progress-search.ts"
import {
  selectProgress,
  type ClientProgressActorRef,
  type ProgressView
} from "#machines/client-progress/client-progress.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./client.css"

const ProgressChart = lazy(() => import("./progress-chart.tsx"))

/** Follows the chart box's size: the chart is 30% as tall as its container (docs/product.md). */
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

type Showing = Extract<ProgressView, { status: "showing" }>

function Chart({ view }: { view: Showing }) {
  const { setElement, width, height } = useBoxSize()
  return (
    <div className="progress__container">
      <figure className="progress__figure">
        <div className="progress__chart" ref={setElement} aria-hidden="true">
          {width > 0 && height > 0 ? (
            <Suspense fallback={null}>
              <ProgressChart
                points={view.points}
                width={width}
                height={height}
                label={view.chartLabel}
                axisLabel={view.axisLabel}
                unitText={view.unitText}
              />
            </Suspense>
          ) : null}
        </div>
        {view.prText === null ? null : (
          <p className="progress__prs">
            <span className="progress__pr-mark" aria-hidden="true" />
            {view.prText}
          </p>
        )}
        <figcaption className="visually-hidden">{view.summary}</figcaption>
      </figure>
    </div>
  )
}

/**
 * /client/progress: estimated e1RM over time for one exercise, each set on the day it was
 * done; the exercise and range are in the address. The example chart only for someone who
 * has never done a set (docs/decisions/042).
 */
export function ProgressScreen({ progress }: { progress: ClientProgressActorRef }) {
  const view = useSelector(progress, selectProgress)
  return (
    <main className="page progress">
      <h1>Progress</h1>
      <div className="progress__pickers">
        {view.status === "showing" && view.exercises.length > 0 ? (
          <label className="progress__picker">
            <span>{view.pickerLabel}</span>
            <select
              value={view.exercise}
              onChange={(event) => progress.send({ type: "exercise.pick", exercise: event.currentTarget.value })}
            >
              {view.exercises.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="progress__picker">
          <span>Range</span>
          <select
            value={view.range}
            onChange={(event) => {
              const range = event.currentTarget.value
              if (isProgressRange(range)) progress.send({ type: "range.pick", range })
            }}
          >
            {view.ranges.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {view.status === "loading" ? (
        <p role="status">Loading...</p>
      ) : view.status === "failed" ? (
        <RetryAlert message={view.error} onRetry={() => progress.send({ type: "progress.retry" })} />
      ) : (
        <>
          {view.emptyText === null ? null : <p className="progress__empty">{view.emptyText}</p>}
          {view.exampleText === null ? null : <p className="progress__example">{view.exampleText}</p>}
          {view.points.length > 0 ? <Chart view={view} /> : null}
          {view.estimateNote === null ? null : <p className="progress__note muted">{view.estimateNote}</p>}
        </>
      )}
    </main>
  )
}
