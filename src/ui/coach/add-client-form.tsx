import { useSelector } from "@xstate/react"
import type { SubmitEvent } from "react"
import { selectAddClient, type CoachClientsActorRef } from "#machines/coach-clients/coach-clients.selectors.ts"

/** Add a client by email; the outcome shows for 5 seconds (SPEC section 9). */
export function AddClientForm({ clients: actor }: { clients: CoachClientsActorRef }) {
  const view = useSelector(actor, selectAddClient)
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
