import { useRouter } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import type { UserId } from "#domain/ids.ts"
import type { LifterTalkServices } from "#machines/coach-replies/coach-replies.actors.ts"
import { selectUser } from "#machines/session/session.selectors.ts"

/*
 * What the lifter's notes and replies need of the app's services (docs/decisions/041),
 * read from the router's context (the one `src/router.tsx` makes), so a screen mounts them with one element and no new
 * props through its route (the dashboard's and the workout page's files are shared).
 */
export type TalkServices = LifterTalkServices

/** The app's services; undefined under a router without them (stories, component tests), where nothing mounts. */
export const useTalkServices = (): TalkServices | undefined => {
  const options: { readonly context?: { readonly services?: TalkServices } } = useRouter().options
  return options.context?.services
}

/** The signed-in person's id, for whoever has the services. */
export const useSignedInId = (services: TalkServices): UserId | null =>
  useSelector(services.session, (snapshot) => selectUser(snapshot).id)
