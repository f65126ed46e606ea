import { createFileRoute } from "@tanstack/react-router"
import { saveFile } from "#device/save-file.ts"
import { useSelector } from "@xstate/react"
import { copyPlanImplementations } from "#machines/copy-plan/copy-plan.actors.ts"
import { copyPlanMachine } from "#machines/copy-plan/copy-plan.machine.ts"
import { programFilesImplementations } from "#machines/program-files/program-files.actors.ts"
import { programFilesMachine } from "#machines/program-files/program-files.machine.ts"
import type { CopyPlanInput } from "#machines/copy-plan/copy-plan.types.ts"
import { selectUser } from "#machines/session/session.selectors.ts"
import { parseClientDay } from "#ui/coach/client-day-params.ts"
import { CopyPlan } from "#ui/coach/copy-plan.tsx"
import { NotFound } from "#ui/not-found/not-found.tsx"
import { useMountedMachine } from "../../../-mount.ts"

/** ?workout=N copies that one workout of the day; without it, the day or its week. */
export const Route = createFileRoute("/coach/copy/$userId/$date")({
  validateSearch: (search: Record<string, unknown>): { workout?: number } => {
    const raw = Number(search["workout"])
    return Number.isInteger(raw) && raw >= 0 && raw <= 1000 ? { workout: raw } : {}
  },
  component: CopyPlanRoute
})

function CopyPlanRoute() {
  const { services } = Route.useRouteContext()
  const { workout } = Route.useSearch()
  const coachId = useSelector(services.session, (snapshot) => selectUser(snapshot).id)
  const day = parseClientDay(Route.useParams())
  if (day === null) return <NotFound />
  if (coachId === null) return null
  const workoutOrder = workout === undefined ? null : workout
  return (
    <MountedCopyPlan
      key={`${coachId}:${day.clientId}:${day.date}:${String(workoutOrder)}`}
      input={{ coachId, ...day, workoutOrder }}
    />
  )
}

function MountedCopyPlan({ input }: { input: CopyPlanInput }) {
  const { services } = Route.useRouteContext()
  const plan = useMountedMachine(copyPlanMachine, () => copyPlanImplementations({ gateway: services.gateway }), {
    input
  })
  // Program files (docs/decisions/049): a kept program joins the plan's templates; an export is saved by the browser.
  const programs = useMountedMachine(programFilesMachine, () =>
    programFilesImplementations({
      data: services.data,
      listTemplate: (template) => plan.send({ type: "template.imported", template }),
      saveFile: (file) => saveFile({ blob: new Blob([file.text], { type: file.type }), fileName: file.fileName })
    })
  )
  return <CopyPlan plan={plan} programs={programs} />
}
