import { useEffect } from "react"
import type { BuilderActorRef } from "#machines/builder/builder.selectors.ts"
import type { BuilderInput } from "#machines/builder/builder.types.ts"
import type { ExerciseLibraryActorRef } from "#machines/exercise-library/exercise-library.selectors.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { useBuilderLoads } from "./-builder-loads.ts"

/**
 * The loads beside the builder, in their own chunk: step 1 of a new workout shows none, so
 * the page paints without them and hands them to the builder once they are mounted.
 */
export default function BuilderLoadsMount({
  services,
  input,
  builder,
  library,
  onMounted
}: {
  readonly services: Parameters<typeof useBuilderLoads>[0]
  readonly input: BuilderInput
  readonly builder: BuilderActorRef
  readonly library: ExerciseLibraryActorRef
  readonly onMounted: (loads: LoadReferencesActorRef) => void
}) {
  const loads = useBuilderLoads(services, input, builder, library)
  useEffect(() => onMounted(loads), [loads, onMounted])
  return null
}
