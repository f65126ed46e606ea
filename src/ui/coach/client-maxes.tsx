import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import type { ReactNode, SubmitEvent } from "react"
import {
  E1RM_NOT_LOADED,
  E1RM_NOTE,
  EXERCISE_GROUPS,
  NO_E1RM_YET,
  NO_MAXES_YET,
  WORKING_E1RM,
  selectClientMaxes,
  type ClientMaxesActorRef,
  type ClientMaxesView,
  type ExerciseMaxesView,
  type MaxFormView
} from "#machines/client-maxes/client-maxes.selectors.ts"
import type { MaxField } from "#machines/client-maxes/client-maxes.types.ts"
import type { PreferencesActorRef } from "#machines/preferences/preferences.selectors.ts"
import { isUnit } from "#domain/units.ts"
import { PreferencesForm } from "#ui/account/preferences-form.tsx"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./coach.css"
import "./client-maxes.css"

function ExerciseMax({ exercise }: { exercise: ExerciseMaxesView }) {
  return (
    <li className="maxes-row">
      <p className="maxes-current">
        <strong>{exercise.name}</strong> — {exercise.current.load},{" "}
        <span className="muted">{exercise.current.setOn}</span>
      </p>
      {exercise.history.length === 0 ? null : (
        <details className="maxes-history">
          <summary>History ({exercise.history.length})</summary>
          <ul>
            {exercise.history.map((entry, index) => (
              <li key={index}>
                {entry.load}, <span className="muted">{entry.setOn}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  )
}

const errorId = (field: MaxField) => `max-${field}-error`

/** The message under a field the check refused, tied to its input for screen readers. */
function FieldProblem({ form, field }: { form: MaxFormView; field: MaxField }) {
  if (form.problem?.field !== field) return null
  return (
    <span id={errorId(field)} className="coach-field-error" role="alert">
      {form.problem.message}
    </span>
  )
}

const invalidProps = (form: MaxFormView, field: MaxField) =>
  form.problem?.field === field ? { "aria-invalid": true, "aria-describedby": errorId(field) } : {}

function NewMaxForm({ form, actor }: { form: MaxFormView; actor: ClientMaxesActorRef }) {
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => {
      const value = data.get(name)
      return typeof value === "string" ? value : ""
    }
    const unit = text("unit")
    actor.send({
      type: "max.add",
      exercise_id: text("exercise_id"),
      value: text("value"),
      unit: isUnit(unit) ? unit : form.draft.unit,
      set_on: text("set_on")
    })
  }
  return (
    <form
      // A fresh form after each save; otherwise it keeps what the coach typed.
      key={form.version}
      className="coach-card coach-stack"
      aria-labelledby="new-max-heading"
      aria-busy={form.saving}
      noValidate
      onSubmit={submit}
    >
      <h2 id="new-max-heading">Record a max</h2>
      <fieldset className="bare-fieldset" disabled={form.disabled}>
        <label className="field">
          Exercise
          <select name="exercise_id" defaultValue={form.draft.exercise_id} {...invalidProps(form, "exercise_id")}>
            <option value="">Choose an exercise</option>
            {EXERCISE_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.exercises.map((exercise) => (
                  <option key={exercise.id} value={exercise.id}>
                    {exercise.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <FieldProblem form={form} field="exercise_id" />
        <div className="maxes-load">
          <label className="field">
            Max
            <input
              name="value"
              inputMode="decimal"
              autoComplete="off"
              placeholder="315"
              defaultValue={form.draft.value}
              {...invalidProps(form, "value")}
            />
          </label>
          <fieldset className="unit-radios">
            {/* The visible "lbs"/"kg" labels say it; the legend names the group for screen readers. */}
            <legend className="visually-hidden">Unit</legend>
            <label>
              <input type="radio" name="unit" value="lb" defaultChecked={form.draft.unit === "lb"} /> lbs
            </label>
            <label>
              <input type="radio" name="unit" value="kg" defaultChecked={form.draft.unit === "kg"} /> kg
            </label>
          </fieldset>
        </div>
        <FieldProblem form={form} field="value" />
        <FieldProblem form={form} field="unit" />
        <label className="field">
          Date set
          <input
            type="date"
            name="set_on"
            max={form.today}
            defaultValue={form.draft.set_on}
            {...invalidProps(form, "set_on")}
          />
        </label>
        <FieldProblem form={form} field="set_on" />
      </fieldset>
      {form.saveError === null ? null : (
        <div className="retry-alert" role="alert">
          <p>{form.saveError}</p>
          <div className="coach-actions">
            <button type="button" className="button" onClick={() => actor.send({ type: "max.save.retry" })}>
              Try again
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => actor.send({ type: "max.save.dismiss" })}
            >
              Dismiss
            </button>
          </div>
        </div>
      )}
      <button type="submit" className="button" disabled={form.disabled}>
        {form.saving ? "Saving…" : "Save max"}
      </button>
    </form>
  )
}

/** What the client's logged sets work out to: the reference a "% of e1RM" set is loaded from. */
function WorkingE1rms({ e1rms }: { e1rms: ClientMaxesView["workingE1rms"] }) {
  return (
    <section className="coach-card" aria-labelledby="working-e1rm-heading">
      <h2 id="working-e1rm-heading">{WORKING_E1RM}</h2>
      {e1rms === null ? (
        <p className="muted">{E1RM_NOT_LOADED}</p>
      ) : (
        <>
          <p className="muted">{E1RM_NOTE}</p>
          {e1rms.length === 0 ? (
            <p className="muted">{NO_E1RM_YET}</p>
          ) : (
            <ul className="coach-list maxes-list">
              {e1rms.map((e1rm) => (
                <li key={e1rm.exerciseId} className="maxes-row">
                  <p className="maxes-current">
                    <strong>{e1rm.name}</strong> — {e1rm.load}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

/**
 * /coach/clients/{userId}/maxes: a client's tested maxes, each with its history, a form to
 * record one, and the client's bar and plates (`plates`, the preferences machine for them).
 */
export function ClientMaxes({
  maxes,
  plates,
  downloads
}: {
  maxes: ClientMaxesActorRef
  plates: PreferencesActorRef
  /** The client's history to download (routes/-downloads-card.tsx), mounted in a chunk of its own. */
  downloads?: ReactNode
}) {
  const view = useSelector(maxes, selectClientMaxes)
  return (
    <main className="page coach-stack">
      <div>
        <h1>Maxes</h1>
        <p className="coach-subtitle maxes-subtitle">{view.subtitle}</p>
      </div>
      {view.status === "loading" ? <p role="status">Loading...</p> : null}
      {view.error === null ? null : (
        <div className="coach-card">
          <RetryAlert message={view.error} onRetry={() => maxes.send({ type: "maxes.retry" })} />
        </div>
      )}
      {view.status === "showing" ? (
        <>
          <section className="coach-card" aria-labelledby="current-maxes-heading">
            <h2 id="current-maxes-heading">Current maxes</h2>
            {view.exercises.length === 0 ? (
              <p className="muted">{NO_MAXES_YET}</p>
            ) : (
              <ul className="coach-list maxes-list">
                {view.exercises.map((exercise) => (
                  <ExerciseMax key={exercise.exerciseId} exercise={exercise} />
                ))}
              </ul>
            )}
          </section>
          <WorkingE1rms e1rms={view.workingE1rms} />
          <NewMaxForm form={view.form} actor={maxes} />
        </>
      ) : null}
      <PreferencesForm preferences={plates} card="coach-card" />
      {downloads}
      <div className="coach-actions">
        <Link className="button button--quiet" to="/coach/calendar" search={{ client: view.clientId }}>
          Back to calendar
        </Link>
      </div>
    </main>
  )
}
