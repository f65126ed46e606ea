import { NO_OTHER_CLIENTS, type CopyPlanActorRef, type CopyPlanView } from "#machines/copy-plan/copy-plan.selectors.ts"

/** Step 2: which clients, from which day, and what to do on a day that already has a workout. */
export function CopyTargets({ view, plan }: { view: CopyPlanView; plan: CopyPlanActorRef }) {
  const { targets } = view
  const problemId = targets.problem === null ? undefined : "copy-targets-problem"
  return (
    <fieldset className="coach-card copy-section" disabled={view.locked} aria-describedby={problemId}>
      <legend>
        <h2>Where</h2>
      </legend>
      <ul className="coach-list" aria-label="Clients">
        {targets.clients.map((client) => (
          <li key={client.id} className="copy-option">
            <label className="copy-choice">
              <input
                type="checkbox"
                checked={client.chosen}
                onChange={(event) =>
                  plan.send({ type: "target.toggle", clientId: client.id, chosen: event.currentTarget.checked })
                }
              />
              <span className="coach-row-title">{client.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {targets.onlySource ? <p className="muted">{NO_OTHER_CLIENTS}</p> : null}
      <label className="field copy-start">
        Starting on
        <input
          type="date"
          value={targets.start}
          aria-invalid={targets.problem !== null}
          onChange={(event) => plan.send({ type: "start.change", start: event.currentTarget.value })}
        />
      </label>
      <label className="coach-toggle">
        <input
          type="checkbox"
          checked={targets.addOnBusyDays}
          onChange={(event) => plan.send({ type: "busyDays.change", add: event.currentTarget.checked })}
        />
        Also add on days that already have a workout
      </label>
      {targets.problem === null ? null : (
        <p id="copy-targets-problem" className="coach-error" role="alert">
          {targets.problem}
        </p>
      )}
    </fieldset>
  )
}
