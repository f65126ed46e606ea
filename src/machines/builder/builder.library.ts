import type { ExerciseLibraryPorts } from "../exercise-library/exercise-library.actors.ts"
import type { BuilderActorRef } from "./builder.selectors.ts"

/**
 * The exercise combobox beside the builder (the route mounts both): what the coach
 * chooses in the list becomes the open exercise's name and id, and Escape on a closed
 * list empties the name, as typing it away would.
 */
export const builderLibraryPorts = (
  builder: Pick<BuilderActorRef, "send">,
  gateway: ExerciseLibraryPorts["gateway"]
): ExerciseLibraryPorts => ({
  gateway,
  choose: (exercise) => builder.send({ type: "exercise.choose", name: exercise.name, exerciseId: exercise.id }),
  clearText: () => builder.send({ type: "exercise.rename", name: "" })
})
