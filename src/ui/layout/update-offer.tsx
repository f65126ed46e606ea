import { useSelector } from "@xstate/react"
import { selectUpdateOffer, type AppUpdateActorRef } from "#machines/app-update/app-update.selectors.ts"
import "./update-offer.css"

/** A thin bar above the page while a new version of the app waits: "Update" switches to it. */
export function UpdateOffer({ appUpdate }: { appUpdate: AppUpdateActorRef }) {
  const offer = useSelector(appUpdate, selectUpdateOffer)
  if (offer === null) return null
  return (
    <section className="update-offer" aria-label="App update">
      <p role="status">{offer.message}</p>
      <button
        type="button"
        className="button"
        disabled={!offer.canUpdate}
        onClick={() => appUpdate.send({ type: "update.accept" })}
      >
        {offer.button}
      </button>
    </section>
  )
}
