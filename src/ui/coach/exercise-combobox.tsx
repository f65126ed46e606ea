import { useSelector } from "@xstate/react"
import type { KeyboardEvent, MouseEvent } from "react"
import { selectExerciseName, type BuilderActorRef } from "#machines/builder/builder.selectors.ts"
import {
  sameComboboxView,
  selectExerciseCombobox,
  type ExerciseLibraryActorRef
} from "#machines/exercise-library/exercise-library.selectors.ts"
import "./builder.css"

const LIST_ID = "exercise-options"
const NOTICE_ID = "exercise-library-notice"
const optionId = (index: number): string => `exercise-option-${index}`

// The active option stays in view as the arrow keys move through a list taller than the screen.
const keepInView = (element: HTMLElement | null): void => element?.scrollIntoView({ block: "nearest" })

/**
 * A click or tap anywhere else on the page closes the list. Not the text box's blur: blur
 * comes with the press (mousedown), and a list closing then would move the button being
 * pressed ('Add set', under the list) away before the release, so the click would miss it.
 * The page's root hands its clicks here; Tab closes the list from the keyboard.
 */
export const closeListOnClickOutside = (library: ExerciseLibraryActorRef, event: MouseEvent): void => {
  if (event.target instanceof Element && event.target.closest(".exercise-combobox") !== null) return
  library.send({ type: "list.close" })
}

/**
 * The exercise's name as a combobox over the library (WAI-ARIA APG "combobox with listbox
 * popup, list autocomplete"). DOM focus stays in the text box; the arrow keys move the
 * active option (aria-activedescendant), Enter chooses it, Escape closes the list and
 * then clears the text, Tab leaves. The text is the builder's: whatever the library does,
 * a typed name stays and saves.
 */
export function ExerciseCombobox({
  builder,
  library
}: {
  readonly builder: BuilderActorRef
  readonly library: ExerciseLibraryActorRef
}) {
  const value = useSelector(builder, selectExerciseName)
  const view = useSelector(library, selectExerciseCombobox, sameComboboxView)

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault()
        const down = event.key === "ArrowDown"
        if (view.expanded) library.send({ type: down ? "option.next" : "option.previous" })
        else library.send({ type: "list.open", text: value, last: !down })
        return
      }
      case "Enter":
        if (!view.expanded) return
        event.preventDefault()
        library.send({ type: "list.accept" })
        return
      case "Escape":
        event.preventDefault()
        library.send({ type: "list.escape" })
        return
      case "Tab":
        library.send({ type: "list.close" })
        return
    }
  }

  const status = view.creating ?? view.notice
  return (
    <div className="exercise-combobox">
      <label className="field">
        Exercise name
        <input
          type="text"
          name="exercise-name"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={view.expanded}
          aria-controls={LIST_ID}
          aria-activedescendant={view.activeIndex === null ? undefined : optionId(view.activeIndex)}
          aria-describedby={view.notice === null ? undefined : NOTICE_ID}
          maxLength={100}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          placeholder="e.g. Back Squat"
          value={value}
          onChange={(event) => {
            builder.send({ type: "exercise.rename", name: event.target.value })
            library.send({ type: "query.type", text: event.target.value })
          }}
          onKeyDown={onKeyDown}
        />
      </label>
      <ul
        id={LIST_ID}
        role="listbox"
        aria-label="Library exercises"
        className="exercise-listbox"
        hidden={!view.expanded}
      >
        {view.options.map((option, index) => (
          <li
            // By position: a keystroke rewrites the rows in place instead of replacing them.
            key={index}
            id={optionId(index)}
            role="option"
            aria-selected={index === view.activeIndex}
            className={option.create ? "exercise-option exercise-option--create" : "exercise-option"}
            ref={index === view.activeIndex ? keepInView : undefined}
            // The text box keeps focus (and the list stays open) while an option is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => library.send({ type: "option.choose", index })}
          >
            <span className="exercise-option-label">{option.label}</span>
            {option.detail === null ? null : <span className="exercise-option-detail">{option.detail}</span>}
          </li>
        ))}
      </ul>
      <div className="exercise-combobox-status">
        <p id={NOTICE_ID} className="muted" role="status">
          {status}
        </p>
        {view.canRetry ? (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => library.send({ type: "library.retry" })}
          >
            Try again
          </button>
        ) : null}
      </div>
      {view.createError === null ? null : (
        <p className="exercise-combobox-error" role="alert">
          {view.createError}
        </p>
      )}
    </div>
  )
}
