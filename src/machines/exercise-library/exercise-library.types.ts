import type { LibraryExercise } from "#domain/exercises.ts"

/**
 * The builder's exercise combobox over the coach's library (docs/decisions/019): the canonical
 * exercises and the coach's own, loaded once, searched on every keystroke, and added to
 * inline. The text itself is the builder's (the exercise's name); this machine holds what
 * the list shows for it and whether it is open.
 */
export interface ExerciseLibraryContext {
  /** The canonical exercises, then the coach's own; empty until loaded. */
  readonly library: ReadonlyArray<LibraryExercise>
  /** The text the list was last opened or typed for. */
  readonly query: string
  /** The option the arrow keys are on (aria-activedescendant), or none. */
  readonly active: number | null
  /** Why adding the typed name as the coach's own exercise failed. */
  readonly createError: string | null
}

export const initialExerciseLibraryContext: ExerciseLibraryContext = {
  library: [],
  query: "",
  active: null,
  createError: null
}

export type ExerciseLibraryEvent =
  /** The coach typed: the list opens for the new text (or closes when it is blank). */
  | { readonly type: "query.type"; readonly text: string }
  /** ArrowDown (or ArrowUp, `last`) on a closed list: it opens for the text on the first (last) option. */
  | { readonly type: "list.open"; readonly text: string; readonly last?: boolean }
  | { readonly type: "option.next" }
  | { readonly type: "option.previous" }
  /** A click or tap on an option. */
  | { readonly type: "option.choose"; readonly index: number }
  /** Enter: chooses the active option, or just closes the list on none. */
  | { readonly type: "list.accept" }
  /** Tab, or the text box losing focus. */
  | { readonly type: "list.close" }
  /** Escape: closes an open list, else clears the text (WAI-ARIA APG combobox). */
  | { readonly type: "list.escape" }
  | { readonly type: "library.retry" }
