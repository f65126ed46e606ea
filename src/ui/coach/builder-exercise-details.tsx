import { useSelector } from "@xstate/react"
import { useId } from "react"
import { MAX_NOTE_LENGTH } from "#domain/exercise-details.ts"
import {
  sameExerciseDetails,
  selectExerciseDetails,
  type BuilderActorRef,
  type DetailOption
} from "#machines/builder/builder.selectors.ts"
import type { DetailName } from "#machines/builder/builder.types.ts"

function DetailSelect({
  label,
  name,
  value,
  options,
  onChange
}: {
  label: string
  name: DetailName
  value: string
  options: ReadonlyArray<DetailOption>
  onChange: (value: string) => void
}) {
  return (
    <label className="field">
      {label}
      <select name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * The open exercise's coaching beyond its sets (exercise-details.ts): its superset letter,
 * the rest after each set, the tempo and a note, each kept as typed. Whether they may be
 * saved is said on submit; a tempo that is not one yet is said under it as it is typed.
 */
export function BuilderExerciseDetails({ builder }: { readonly builder: BuilderActorRef }) {
  const id = useId()
  const view = useSelector(builder, selectExerciseDetails, sameExerciseDetails)
  const change = (name: DetailName) => (value: string) => builder.send({ type: "exercise.detail", name, value })
  const tempoHint = `${id}-tempo-hint`
  const tempoError = `${id}-tempo-error`
  return (
    <fieldset className="builder-coaching">
      <legend>Coaching</legend>
      <DetailSelect
        label="Superset"
        name="superset"
        value={view.superset}
        options={view.supersetOptions}
        onChange={change("superset")}
      />
      <DetailSelect label="Rest" name="rest" value={view.rest} options={view.restOptions} onChange={change("rest")} />
      {/* The hint and the error describe the field; outside the label, they are not its name. */}
      <div className="field">
        <label htmlFor={`${id}-tempo`}>Tempo</label>
        <input
          id={`${id}-tempo`}
          type="text"
          inputMode="text"
          name="tempo"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="31X0"
          value={view.tempo}
          aria-invalid={view.tempoError !== null}
          aria-describedby={view.tempoError === null ? tempoHint : `${tempoHint} ${tempoError}`}
          onChange={(event) => change("tempo")(event.target.value)}
        />
        <span id={tempoHint} className="muted builder-coaching-hint">
          Seconds down, pause, up, pause; X for fast.
        </span>
        {view.tempoError === null ? null : (
          <span id={tempoError} className="coach-field-error">
            {view.tempoError}
          </span>
        )}
      </div>
      <label className="field builder-coaching-note">
        Note
        <textarea
          name="note"
          rows={2}
          maxLength={MAX_NOTE_LENGTH}
          placeholder="Knees out, brace before each rep"
          value={view.note}
          onChange={(event) => change("note")(event.target.value)}
        />
      </label>
    </fieldset>
  )
}
