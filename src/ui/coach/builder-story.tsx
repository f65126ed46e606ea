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
import { SeededActor } from "./seeded-actor.tsx"
import { WorkoutBuilder } from "./workout-builder.tsx"

// Stories only: the builder and its exercise library, each seeded in a state, wired as the
// route wires them (builderLibraryPorts), so a choice in the list reaches the builder.

const storyBuilder = builderMachine.provide(builderImplementations(storyBuilderPorts))

export interface BuilderStoryProps {
  readonly state: string
  readonly context: BuilderContext
  readonly libraryState?: string
  readonly library?: ExerciseLibraryContext
  /** The library's calls; by default they never answer. */
  readonly libraryGateway?: ExerciseLibraryPorts["gateway"]
}

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
  libraryGateway = storyLibraryGateway
}: BuilderStoryProps) {
  return (
    <SeededActor machine={storyBuilder} state={state} context={context} input={builderInput}>
      {(builder) => (
        <SeededLibrary builder={builder} state={libraryState} context={library} gateway={libraryGateway}>
          {(libraryActor) => <WorkoutBuilder builder={builder} library={libraryActor} />}
        </SeededLibrary>
      )}
    </SeededActor>
  )
}
