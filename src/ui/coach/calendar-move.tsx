import { useEffect, type DragEvent, type KeyboardEvent, type RefObject } from "react"
import type {
  CalendarDay,
  CoachCalendarActorRef,
  CoachCalendarView,
  MoveView,
  WorkoutChip
} from "#machines/coach-calendar/coach-calendar.selectors.ts"

// Moving a workout to another day on the desk's grid: drag its chip onto a day, or press
// its Move button, choose the day with the arrow keys (or a click on it) and press Enter.
// The machine says where things stand; nothing here claims a move before the server answered.

const STATUS_GLYPHS = { completed: "✓", missed: "✕", started: "•", scheduled: "" } as const

/** The arrow keys' steps through the grid: a day either way, a week up or down. */
const STEPS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }

/** The grid's keys while a workout is picked up: arrows choose the day, Enter moves, Escape cancels. */
export function moveKeys(view: CoachCalendarView, calendar: CoachCalendarActorRef) {
  return (event: KeyboardEvent) => {
    const { move, days } = view
    // The client picker keeps its own keys.
    if (move.status !== "choosing" || event.target instanceof HTMLSelectElement) return
    const step = STEPS[event.key]
    if (step !== undefined) {
      event.preventDefault()
      const at = days.findIndex((day) => day.iso === move.target)
      const next = days[Math.min(days.length - 1, Math.max(0, at + step))]
      if (next !== undefined) calendar.send({ type: "move.target", date: next.iso })
    } else if (event.key === "Enter") {
      // Not the focused Move button's click: Enter here means "move it there".
      event.preventDefault()
      calendar.send({ type: "move.drop" })
    } else if (event.key === "Escape") {
      event.preventDefault()
      calendar.send({ type: "move.cancel" })
    }
  }
}

/** A day cell's drop target handlers while a workout is picked up (nothing otherwise). */
export function dropTarget(day: CalendarDay, move: MoveView, calendar: CoachCalendarActorRef) {
  if (move.status !== "choosing") return {}
  return {
    onDragOver: (event: DragEvent) => {
      event.preventDefault()
      event.dataTransfer.dropEffect = "move"
      if (move.target !== day.iso) calendar.send({ type: "move.target", date: day.iso })
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault()
      calendar.send({ type: "move.target", date: day.iso })
      calendar.send({ type: "move.drop" })
    }
  }
}

/** One workout on the desk's grid: its name, exercises, state and volume; dragged, or moved by its button. */
export function WorkoutChipItem({
  chip,
  move,
  calendar
}: {
  chip: WorkoutChip
  move: MoveView
  calendar: CoachCalendarActorRef
}) {
  const busy = chip.isPicked && move.status === "moving"
  const classes = [
    "calendar-chip",
    `calendar-chip--${chip.status}`,
    chip.isPicked ? "is-picked" : "",
    busy ? "is-moving" : ""
  ].filter(Boolean)
  const movable = move.status !== "moving" && move.status !== "failed"
  return (
    <li
      className={classes.join(" ")}
      data-chip={chip.key}
      draggable={movable}
      aria-busy={busy || undefined}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move"
        event.dataTransfer.setData("text/plain", chip.key)
        calendar.send({ type: "move.pick", date: chip.date, workoutOrder: chip.workoutOrder })
      }}
      // A drop elsewhere, or on its own day: the pick is let go (a real drop has already moved on).
      onDragEnd={() => calendar.send({ type: "move.cancel" })}
    >
      <span className="calendar-chip-head">
        <span className="calendar-chip-name">{chip.name}</span>
        <button
          type="button"
          className="calendar-chip-move"
          aria-label={chip.moveLabel}
          aria-pressed={chip.isPicked}
          disabled={!movable}
          onClick={() =>
            calendar.send(
              chip.isPicked
                ? { type: "move.cancel" }
                : { type: "move.pick", date: chip.date, workoutOrder: chip.workoutOrder }
            )
          }
        >
          Move
        </button>
      </span>
      <span className="calendar-chip-exercises">
        {chip.exercises.map((exercise, index) => (
          <span key={`${index}-${exercise}`} className="calendar-chip-exercise">
            {exercise}
          </span>
        ))}
        {chip.moreExercises > 0 ? <span className="calendar-chip-more">+{chip.moreExercises} more</span> : null}
      </span>
      {chip.statusText === "" && chip.volume === null ? null : (
        <span className="calendar-chip-foot">
          {chip.statusText === "" ? null : (
            <span className={`calendar-chip-status calendar-chip-status--${chip.status}`}>
              <span aria-hidden="true">{STATUS_GLYPHS[chip.status]}</span> {chip.statusText}
            </span>
          )}
          {chip.volume === null ? null : <span className="calendar-chip-volume">{chip.volume}</span>}
        </span>
      )}
      {busy ? <span className="calendar-chip-busy">Moving…</span> : null}
    </li>
  )
}

/**
 * The line above the desk's grid: how to move a workout, the one being moved and where to,
 * what the server answered, or why it failed with Try again and Cancel.
 */
export function MoveBar({ move, calendar }: { move: MoveView; calendar: CoachCalendarActorRef }) {
  if (move.status === "failed")
    return (
      <div className="calendar-move-bar calendar-move-bar--failed" role="alert">
        <p>{move.failure}</p>
        <span className="calendar-move-actions">
          <button type="button" className="button button--quiet" onClick={() => calendar.send({ type: "move.retry" })}>
            Try again
          </button>
          <button type="button" className="button button--quiet" onClick={() => calendar.send({ type: "move.cancel" })}>
            Cancel
          </button>
        </span>
      </div>
    )
  if (move.status === "choosing" || move.status === "moving")
    return (
      <div className="calendar-move-bar calendar-move-bar--active">
        <p>{move.status === "moving" ? `${move.summary ?? ""}…` : move.summary}</p>
        {move.status === "choosing" ? (
          <span className="calendar-move-actions">
            <button
              type="button"
              className="button"
              disabled={!move.canDrop}
              onClick={() => calendar.send({ type: "move.drop" })}
            >
              Move here
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => calendar.send({ type: "move.cancel" })}
            >
              Cancel
            </button>
          </span>
        ) : null}
      </div>
    )
  return (
    <div className="calendar-move-bar">
      <p className={move.status === "moved" ? "calendar-move-done" : "muted"}>
        {move.status === "moved"
          ? move.announcement
          : "Drag a workout to another day, or press its Move button, choose the day with the arrow keys and press Enter."}
      </p>
    </div>
  )
}

/** After a move the workout's chip is on its new day: focus goes to its Move button. */
export function useFocusMoved(movedKey: string | null, grid: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (movedKey === null) return
    grid.current?.querySelector<HTMLButtonElement>(`[data-chip="${movedKey}"] .calendar-chip-move`)?.focus()
  }, [movedKey, grid])
}
