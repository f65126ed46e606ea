import { useSelector } from "@xstate/react"
import { useId, type SubmitEvent } from "react"
import {
  selectPreferences,
  type PreferencesActorRef,
  type SelectView
} from "#machines/preferences/preferences.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import "./account.css"
import "./preferences.css"

/** A select over a machine's choices: options by position, so a value is never parsed back from text. */
function ChoiceSelect<T>({
  label,
  view,
  onPick
}: {
  readonly label: string
  readonly view: SelectView<T>
  readonly onPick: (value: T) => void
}) {
  return (
    <label className="field">
      {label}
      <select
        value={String(view.selected)}
        onChange={(event) => {
          const choice = view.choices[event.currentTarget.selectedIndex]
          if (choice !== undefined) onPick(choice.value)
        }}
      >
        {view.choices.map((choice, index) => (
          <option key={choice.label} value={String(index)}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * The unit a user reads and enters loads in and, for a lifter, their bar and smallest
 * plate (docs/decisions/018). On a coach's page for a client the unit is shown, not offered:
 * it is the lifter's to pick.
 */
export function PreferencesForm({
  preferences,
  card = "card"
}: {
  readonly preferences: PreferencesActorRef
  /** The card class of the area it sits in ("coach-card" on a coach's page). */
  readonly card?: string
}) {
  const view = useSelector(preferences, selectPreferences)
  const id = useId()
  const titleId = `${id}-title`
  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    preferences.send({ type: "preferences.save" })
  }
  return (
    <section className={`${card} preferences`} aria-labelledby={titleId}>
      <h2 id={titleId}>{view.title}</h2>
      {view.status === "loading" ? <p role="status">Loading...</p> : null}
      {view.loadError === null ? null : (
        <RetryAlert message={view.loadError} onRetry={() => preferences.send({ type: "preferences.retry" })} />
      )}
      {view.status === "ready" ? (
        <form className="account-form" aria-labelledby={titleId} aria-busy={view.saving} noValidate onSubmit={save}>
          <fieldset className="bare-fieldset" disabled={view.saving}>
            {view.unitChoices === null ? (
              <p className="preferences__unit">
                Units: <strong>{view.unitText}</strong> <span className="muted">(the client picks them)</span>
              </p>
            ) : (
              <fieldset className="unit-radios">
                <legend className={view.title === "Units" ? "visually-hidden" : undefined}>Units</legend>
                {view.unitChoices.map((choice) => (
                  <label key={choice.value}>
                    <input
                      type="radio"
                      name={`${id}-unit`}
                      value={choice.value}
                      checked={view.unit === choice.value}
                      onChange={() => preferences.send({ type: "unit.pick", unit: choice.value })}
                    />
                    {choice.label}
                  </label>
                ))}
              </fieldset>
            )}
            {view.bar === null ? null : (
              <ChoiceSelect label="Bar" view={view.bar} onPick={(bar) => preferences.send({ type: "bar.pick", bar })} />
            )}
            {view.plate === null ? null : (
              <ChoiceSelect
                label="Smallest plate"
                view={view.plate}
                onPick={(plate) => preferences.send({ type: "plate.pick", plate })}
              />
            )}
          </fieldset>
          {/* Always there, so screen readers hear "Saved" when it appears. */}
          <p className={view.saved === null ? "preferences__status" : "account-success"} role="status">
            {view.saved}
          </p>
          {view.saveError === null ? null : (
            <p className="account-error" role="alert">
              {view.saveError}
            </p>
          )}
          <button type="submit" className="button" disabled={!view.canSave}>
            {view.saving ? "Saving…" : "Save"}
          </button>
        </form>
      ) : null}
    </section>
  )
}
