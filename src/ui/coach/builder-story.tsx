import { useState, type ReactNode } from "react"
import { builderImplementations } from "#machines/builder/builder.actors.ts"
import { builderInput, storyBuilderPorts } from "#machines/builder/builder.fixtures.ts"
import { builderLibraryPorts } from "#machines/builder/builder.library.ts"
import { builderMachine } from "#machines/builder/builder.machine.ts"
import type { BuilderActorRef } from "#machines/builder/builder.selectors.ts"
import type { BuilderContext } from "#machines/builder/builder.types.ts"
import type { ExerciseLibraryPorts } from "#machines/exercise-library/exercise-library.actors.ts"
import { exerciseLibraryImplementations } from "#machines/exercise-library/exercise-library.actors.ts"
import { libraryContext, storyLibraryGateway } from "#machines/exercise-library/exercise-library.fixtures.ts"
import { exerciseLibraryMachine } from "#machines/exercise-library/exercise-library.machine.ts"
import type { ExerciseLibraryActorRef } from "#machines/exercise-library/exercise-library.selectors.ts"
import type { ExerciseLibraryContext } from "#machines/exercise-library/exercise-library.types.ts"
import { watchDraft } from "#machines/builder/builder.loads.ts"
import { coachUnitImplementations } from "#machines/coach-unit/coach-unit.actors.ts"
import { coachUnitMachine } from "#machines/coach-unit/coach-unit.machine.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import {
  plannedReferencesPorts,
  referencesInput,
  type PlannedReferences
} from "#machines/load-references/load-references.fixtures.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { UserId } from "#domain/ids.ts"
import type { Preferences } from "#domain/preferences.ts"
import { useStartedActor } from "../client/client-story.tsx"
import { SeededActor } from "./seeded-actor.tsx"
import { WorkoutBuilder } from "./workout-builder.tsx"

// Stories only: the builder and its exercise library, each seeded in a state, wired as the
// route wires them (builderLibraryPorts), so a choice in the list reaches the builder.

/**
 * A story loader: the builder's later steps are a lazy chunk, and a story's first look
 * must not race its first fetch (a cold dev server can take seconds to serve it).
 */
export const laterStepsLoaded = async () => {
  await import("./builder-later.tsx")
  return {}
}

const storyBuilder = builderMachine.provide(builderImplementations(storyBuilderPorts))

export interface BuilderStoryProps {
  readonly state: string
  readonly context: BuilderContext
  readonly libraryState?: string
  readonly library?: ExerciseLibraryContext
  /** The library's calls; by default they never answer. */
  readonly libraryGateway?: ExerciseLibraryPorts["gateway"]
  /** The client's load references, read as planned; none: the builder shows no loads. */
  readonly references?: Omit<PlannedReferences, "day">
  /** The coach's preferences read; none: never asked (the field stays in lb). */
  readonly coachPreferences?: () => Promise<Preferences>
}

/** Beside the builder, as the route mounts them: the coach's unit and the client's loads over the draft. */
function Beside({
  builder,
  library,
  references,
  coachPreferences
}: {
  readonly builder: BuilderActorRef
  readonly library: ExerciseLibraryActorRef
  readonly references: Omit<PlannedReferences, "day">
  readonly coachPreferences: () => Promise<Preferences>
}) {
  useStartedActor(
    coachUnitMachine.provide(
      coachUnitImplementations({
        coachId: () => UserId.make(3),
        gateway: { preferences: coachPreferences },
        listener: builder
      })
    ),
    undefined
  )
  const loads: LoadReferencesActorRef = useStartedActor(
    loadReferencesMachine.provide(
      loadReferencesImplementations({
        ...plannedReferencesPorts({ ...references, day: [] }),
        watchDay: watchDraft(builder, library)
      })
    ),
    { ...referencesInput, clientId: builderInput.clientId, date: builderInput.date }
  )
  return <WorkoutBuilder builder={builder} library={library} loads={loads} />
}

const neverAnswers = () => new Promise<never>(() => undefined)

function SeededLibrary({
  builder,
  state,
  context,
  gateway,
  children
}: {
  readonly builder: BuilderActorRef
  readonly state: string
  readonly context: ExerciseLibraryContext
  readonly gateway: ExerciseLibraryPorts["gateway"]
  readonly children: (library: ExerciseLibraryActorRef) => ReactNode
}) {
  const [machine] = useState(() =>
    exerciseLibraryMachine.provide(exerciseLibraryImplementations(builderLibraryPorts(builder, gateway)))
  )
  return (
    <SeededActor machine={machine} state={state} context={context} input={undefined}>
      {children}
    </SeededActor>
  )
}

export function BuilderStory({
  state,
  context,
  libraryState = "ready.closed",
  library = libraryContext(),
  libraryGateway = storyLibraryGateway,
  references,
  coachPreferences
}: BuilderStoryProps) {
  return (
    <SeededActor machine={storyBuilder} state={state} context={context} input={builderInput}>
      {(builder) => (
        <SeededLibrary builder={builder} state={libraryState} context={library} gateway={libraryGateway}>
          {(libraryActor) =>
            references === undefined && coachPreferences === undefined ? (
              <WorkoutBuilder builder={builder} library={libraryActor} />
            ) : (
              <Beside
                builder={builder}
                library={libraryActor}
                references={references ?? { maxes: "never", preferences: "never", results: "never" }}
                coachPreferences={coachPreferences ?? neverAnswers}
              />
            )
          }
        </SeededLibrary>
      )}
    </SeededActor>
  )
}
