import { useSelector } from "@xstate/react"
import type { SubmitEvent } from "react"
import {
  selectAddClient,
  VERIFY_TO_INVITE,
  VERIFY_TO_INVITE_NEXT,
  type CoachClientsActorRef
} from "#machines/coach-clients/coach-clients.selectors.ts"

/**
 * Invite a client by email; the outcome shows for 5 seconds. Only a coach
 * whose email is verified may invite (docs/decisions/033): until then the form, which the
 * server would refuse, is replaced by what to do first.
 */
export function AddClientForm({ clients: actor, canInvite }: { clients: CoachClientsActorRef; canInvite: boolean }) {
  const view = useSelector(actor, selectAddClient)
  if (!canInvite) {
    return (
      <div className="coach-stack" role="note" aria-label={VERIFY_TO_INVITE}>
        <p className="coach-row-title">{VERIFY_TO_INVITE}</p>
        <p className="muted">{VERIFY_TO_INVITE_NEXT}</p>
      </div>
    )
  }
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    actor.send({ type: "client.add" })
  }
  return (
    <form className="coach-stack" onSubmit={submit} noValidate aria-busy={view.busy}>
      <label className="field">
        Client email
        <input
          type="email"
          name="clientEmail"
          inputMode="email"
          autoComplete="off"
          placeholder="client@example.com"
          value={view.email}
          disabled={view.disabled}
          aria-invalid={view.message?.text === "Invalid email format"}
          onChange={(event) => actor.send({ type: "email.change", email: event.target.value })}
        />
      </label>
      <p
        className={view.message?.kind === "success" ? "coach-success" : "coach-error"}
        role="status"
        aria-live="polite"
      >
        {view.message?.text ?? ""}
      </p>
      <button type="submit" className="button" disabled={view.disabled}>
        {view.busy ? "Adding…" : "Add client"}
      </button>
    </form>
  )
}
