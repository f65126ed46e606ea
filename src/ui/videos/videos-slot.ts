import type { ReactNode } from "react"
import type { SetId } from "#domain/ids.ts"
import type { VideoListActorRef } from "#machines/video-list/video-list.selectors.ts"
import type { VideoReviews } from "#machines/video-review/video-reviews.ts"
import { makeSlot, type Slot } from "#ui/slot.ts"

/** A screen's form-check clips: the list, a review per clip opened, and (for the lifter) adding one to a set. */
export interface VideosPort {
  readonly list: VideoListActorRef
  readonly reviews: VideoReviews
  /** The lifter's "Add video" on a set, with their clips still on the way; none on a coach's screen. */
  readonly addTo?: ((set: { readonly setId: SetId; readonly label: string }) => ReactNode) | undefined
  /**
   * A set's clips as the logging page shows them, drawn by the chunk that mounted the clips:
   * the page, at its size budget, imports no code of theirs (docs/decisions/047).
   */
  readonly showSet?: ((set: { readonly setId: SetId; readonly label: string }) => ReactNode) | undefined
}

/* The clips come in a chunk of their own after the screen paints (../slot.ts). */
export type VideosSlot = Slot<VideosPort>

export const videosSlot = (): VideosSlot => makeSlot<VideosPort>()
