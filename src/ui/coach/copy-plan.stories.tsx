import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { copyPlanImplementations } from "#machines/copy-plan/copy-plan.actors.ts"
import {
  AFTER_SQUAT_DAY,
  allBusyReport,
  copyContext,
  copyInput,
  createdReport,
  offlineTemplatePorts,
  PLAN_KEY,
  previewReport,
  storyCopyPlanPorts
} from "#machines/copy-plan/copy-plan.fixtures.ts"
import { copyPlanMachine } from "#machines/copy-plan/copy-plan.machine.ts"
import type { CopyPlanContext } from "#machines/copy-plan/copy-plan.types.ts"
import { LOADING_MORE_TEMPLATES, SHOW_MORE_TEMPLATES } from "#machines/copy-plan/copy-plan.selectors.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { CopyPlan } from "./copy-plan.tsx"
import { SeededActor } from "./seeded-actor.tsx"

const machines = {
  waiting: copyPlanMachine.provide(copyPlanImplementations(storyCopyPlanPorts)),
  offline: copyPlanMachine.provide(copyPlanImplementations(offlineTemplatePorts))
}

function CopyScreen({
  state,
  context,
  gateway = "waiting"
}: {
  state: string
  context: CopyPlanContext
  gateway?: keyof typeof machines
}) {
  return (
    <SeededActor machine={machines[gateway]} state={state} context={context} input={copyInput}>
      {(plan) => <CopyPlan plan={plan} />}
    </SeededActor>
  )
}

const meta = {
  title: "Coach/Copy or repeat",
  component: CopyScreen,
  parameters: { machine: "copy-plan", route: "/coach/copy/7/03-04-2026?workout=0" }
} satisfies Meta<typeof CopyScreen>

export default meta
type Story = StoryObj<typeof meta>

const EDITING = "ready.plan.editing"
const IDLE = "ready.library.idle"

/** A plan state, the template region resting in `library`. */
const inPlan = (plan: string, context: CopyPlanContext = copyContext(), library = IDLE) => ({
  args: { state: `ready.plan.${plan}`, context },
  parameters: { machineState: [`ready.plan.${plan}`, library] }
})

const HEADING = "Copy Ann Lifter’s Wednesday, March 4, 2026"

export const Loading: Story = {
  args: { state: "loading", context: copyContext({ clients: {}, templates: [] }) },
  parameters: { machineState: "loading" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Copy Wednesday, March 4, 2026")
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading your clients and templates…")
    await expect(canvas.queryByRole("button", { name: "Preview" })).toBeNull()
  }
}

export const LoadFailed: Story = {
  args: { state: "loadFailed", context: copyContext({ clients: {}, templates: [], failure: NETWORK_DOWN }) },
  parameters: { machineState: "loadFailed" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const NotFound: Story = {
  args: { state: "notFound", context: copyContext({ clients: {}, templates: [] }) },
  parameters: { machineState: "notFound" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("This client is not on your list.")).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Preview" })).toBeNull()
    await expect(canvas.getByRole("link", { name: "Back to day" })).toHaveAttribute(
      "href",
      "/coach/workouts/7/03-04-2026"
    )
  }
}

export const Editing: Story = {
  ...inPlan("editing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(HEADING)
    await expect(canvas.getByRole("radio", { name: /This workout/ })).toBeChecked()
    await expect(canvas.getByRole("radio", { name: /This week/ })).toHaveAccessibleName(
      "This week Sun, Mar 1 – Sat, Mar 7"
    )
    await expect(canvas.getByRole("checkbox", { name: "Bo Strong" })).toBeChecked()
    await expect(canvas.getByRole("checkbox", { name: "Ann Lifter" })).not.toBeChecked()
    // Pending invitations have no days to copy to.
    await expect(canvas.queryByRole("checkbox", { name: "dee@example.com" })).toBeNull()
    await expect(canvas.getByLabelText("Starting on")).toHaveValue("2026-03-11")
    // Week 1 is the first copy and takes its step; every step names its unit.
    const week1 = canvas.getByRole("group", { name: /^Week 1 from Wed, Mar 11/ })
    await expect(within(week1).getByLabelText("% of max/e1RM ± points")).toHaveValue("2.5")
    await expect(within(week1).getByLabelText("Weight ± lb")).toHaveValue("5")
    await userEvent.selectOptions(within(week1).getByLabelText("Weight step unit"), "kg")
    await expect(within(week1).getByLabelText("Weight ± kg")).toHaveValue("5")
    await expect(canvas.getByRole("button", { name: "Save this workout as template" })).toBeEnabled()
    // A change of plan is the machine's: four weeks, a row each.
    await userEvent.selectOptions(canvas.getByLabelText(/Copy for/), "4")
    await expect(canvas.getAllByRole("group", { name: /^Week \d/ })).toHaveLength(4)
    await expect(canvas.getByRole("group", { name: /^Week 4/ })).toHaveAccessibleName("Week 4 from Wed, Apr 1")
    await userEvent.click(canvas.getByRole("button", { name: "Same change every week" }))
    for (const week of canvas.getAllByRole("group", { name: /^Week \d/ })) {
      await expect(within(week).getByLabelText("% of max/e1RM ± points")).toHaveValue("2.5")
      await expect(within(week).getByLabelText("Weight ± kg")).toHaveValue("5")
    }
    // Choosing a template leaves the start where the coach sees it.
    await userEvent.click(canvas.getByRole("radio", { name: /Push week/ }))
    await expect(canvas.getByLabelText("Starting on")).toHaveValue("2026-03-11")
  }
}

export const NothingToChooseYet: Story = {
  ...inPlan(
    "editing",
    copyContext({
      clients: { "7": { name: "Ann Lifter", pending: false } },
      templates: [],
      targets: [copyInput.clientId],
      workoutOrder: null,
      source: "day"
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("radio", { name: /This workout/ })).toBeNull()
    await expect(canvas.getByRole("radio", { name: /This day/ })).toBeChecked()
    await expect(canvas.getByText("No templates yet. Save a workout or a week as a template below.")).toBeVisible()
    await expect(canvas.getByText(/You have no other clients yet/)).toBeVisible()
    await expect(canvas.getByText("Choose this workout or this week above to save it as a template.")).toBeVisible()
  }
}

export const RefusedByTheServer: Story = {
  ...inPlan("editing", copyContext({ problem: { part: "targets", message: "client 9 is not one of your clients" } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const where = canvas.getByRole("group", { name: "Where" })
    await expect(within(where).getByRole("alert")).toHaveTextContent("client 9 is not one of your clients")
  }
}

export const Previewing: Story = {
  ...inPlan("previewing", copyContext({ planKey: PLAN_KEY })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Previewing…" })).toBeDisabled()
    await expect(canvas.getByRole("checkbox", { name: "Bo Strong" })).toBeDisabled()
  }
}

export const PreviewFailed: Story = {
  ...inPlan("previewFailed", copyContext({ failure: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const Previewed: Story = {
  ...inPlan("previewed", copyContext({ planKey: PLAN_KEY, report: previewReport })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Will create 3 days, skip 1 day.")
    const bo = canvas.getByRole("region", { name: "Bo Strong" })
    await expect(within(bo).getAllByRole("listitem")[0]).toHaveTextContent(
      "Wed, Mar 11Will create: Back Squat, Bench Press"
    )
    const cy = canvas.getByRole("region", { name: "Cy Press" })
    await expect(within(cy).getAllByRole("listitem")[1]).toHaveTextContent("Skipped: already has a workout")
    // Each week's loads, each with its unit: what the server will write.
    const loads = within(canvas.getByRole("list", { name: "Loads by week" })).getAllByRole("listitem")
    await expect(loads.map((line) => line.textContent)).toEqual([
      "Week 1 — Back Squat sets 1–3: 77.5% of max",
      "Week 1 — Bench Press set 1: 145 lb",
      "Week 2 — Back Squat sets 1–3: 80% of max",
      "Week 2 — Bench Press set 1: 150 lb"
    ])
    await expect(canvas.getByRole("button", { name: "Create 3 days" })).toBeEnabled()
    // Changing the plan forgets the preview: the coach previews again.
    await userEvent.click(canvas.getByRole("checkbox", { name: "Also add on days that already have a workout" }))
    await expect(canvas.getByRole("button", { name: "Preview" })).toBeEnabled()
    await expect(canvas.queryByRole("button", { name: /^Create/ })).toBeNull()
  }
}

export const NothingToCreate: Story = {
  ...inPlan("previewed", copyContext({ planKey: PLAN_KEY, report: allBusyReport })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Create 0 days" })).toBeDisabled()
    await expect(canvas.getByText("Nothing to create: every day already has a workout.")).toBeVisible()
  }
}

export const Creating: Story = {
  ...inPlan("creating", copyContext({ planKey: PLAN_KEY, report: previewReport })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Creating…" })).toBeDisabled()
  }
}

export const CreateFailed: Story = {
  ...inPlan("createFailed", copyContext({ planKey: PLAN_KEY, report: previewReport, failure: NETWORK_DOWN })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The preview stays; Try again sends the same plan with the same key.
    await expect(canvas.getByRole("status")).toHaveTextContent("Will create 3 days, skip 1 day.")
    await expect(canvas.getByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
  }
}

export const Created: Story = {
  ...inPlan("created", copyContext({ planKey: PLAN_KEY, report: createdReport })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent("Created 3 days, skipped 1 day.")
    const bo = canvas.getByRole("region", { name: "Bo Strong" })
    await expect(within(bo).getByRole("link", { name: "Wed, Mar 11" })).toHaveAttribute(
      "href",
      "/coach/workouts/8/03-11-2026"
    )
    await expect(within(bo).getAllByRole("listitem")[0]).toHaveTextContent("Created: Back Squat, Bench Press")
    await expect(canvas.getByRole("link", { name: "Back to day" })).toHaveAttribute(
      "href",
      "/coach/workouts/7/03-04-2026"
    )
    await expect(canvas.queryByRole("button", { name: "Preview" })).toBeNull()
  }
}

export const ConfirmingRemoval: Story = {
  ...inPlan("editing", copyContext(), "ready.library.confirming"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Remove template Push week" }))
    await expect(canvas.getByRole("alertdialog")).toHaveTextContent("Remove the template “Push week”?")
    await expect(canvas.getByRole("button", { name: "Keep it" })).toBeEnabled()
  }
}

export const Removing: Story = {
  ...inPlan("editing", copyContext(), "ready.library.removing"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Remove template Push week" }))
    await userEvent.click(canvas.getByRole("button", { name: "Remove" }))
    await expect(canvas.getByRole("button", { name: "Removing…" })).toBeDisabled()
  }
}

export const RemoveFailed: Story = {
  args: { state: EDITING, context: copyContext(), gateway: "offline" },
  parameters: { machineState: [EDITING, "ready.library.removeFailed"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Remove template Squat day" }))
    await userEvent.click(canvas.getByRole("button", { name: "Remove" }))
    await expect(await canvas.findByText(NETWORK_DOWN)).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.getByRole("radio", { name: /Squat day/ })).toBeVisible()
  }
}

export const SavingTemplate: Story = {
  ...inPlan("editing", copyContext(), "ready.library.saving"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText("Template name"), "Heavy Wednesday")
    await userEvent.click(canvas.getByRole("button", { name: "Save this workout as template" }))
    await expect(canvas.getByRole("button", { name: "Saving…" })).toBeDisabled()
    // Nothing is called saved before the server says so.
    await expect(canvas.queryByText(/Saved as template/)).toBeNull()
  }
}

export const SaveFailed: Story = {
  args: { state: EDITING, context: copyContext({ templateName: "Heavy Wednesday" }), gateway: "offline" },
  parameters: { machineState: [EDITING, "ready.library.saveFailed"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: "Save this workout as template" }))
    await expect(await canvas.findByText(NETWORK_DOWN)).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled()
    await expect(canvas.queryByText(/Saved as template/)).toBeNull()
  }
}

export const TemplateSaved: Story = {
  ...inPlan("editing", copyContext({ templateNotice: { kind: "saved", name: "Heavy Wednesday" } })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Saved as template “Heavy Wednesday”")).toBeVisible()
  }
}

export const TemplateNameTaken: Story = {
  ...inPlan(
    "editing",
    copyContext({
      templateName: "Push week",
      templateNotice: {
        kind: "refused",
        about: "save",
        message: "You already have a template named “Push week”. Choose another name."
      }
    })
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("You already have a template named “Push week”.")
    await expect(canvas.getByLabelText("Template name")).toHaveAttribute("aria-invalid", "true")
  }
}

// A coach with more templates than the first page (docs/decisions/051): the list goes on after Squat day.
const LONGER_LIST = copyContext({ templatesNext: AFTER_SQUAT_DAY })
const PAGES_IDLE = "ready.templatePages.idle"

export const MoreTemplatesToShow: Story = {
  args: { state: EDITING, context: LONGER_LIST },
  parameters: { machineState: [EDITING, IDLE, PAGES_IDLE] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole("radio", { name: /Push week|Squat day/ })).toHaveLength(2)
    await expect(canvas.getByRole("button", { name: SHOW_MORE_TEMPLATES })).toBeEnabled()
  }
}

export const AllTemplatesShown: Story = {
  ...inPlan("editing"),
  parameters: { machineState: [EDITING, IDLE, PAGES_IDLE] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: SHOW_MORE_TEMPLATES })).toBeNull()
  }
}

export const LoadingMoreTemplates: Story = {
  args: { state: EDITING, context: LONGER_LIST },
  parameters: { machineState: [EDITING, IDLE, "ready.templatePages.loading"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: SHOW_MORE_TEMPLATES }))
    await expect(canvas.getByRole("button", { name: LOADING_MORE_TEMPLATES })).toBeDisabled()
    // The templates listed stay choosable while the next page comes.
    await expect(canvas.getByRole("radio", { name: /Squat day/ })).toBeEnabled()
  }
}

export const MoreTemplatesFailed: Story = {
  args: { state: EDITING, context: LONGER_LIST, gateway: "offline" },
  parameters: { machineState: [EDITING, IDLE, "ready.templatePages.failed"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole("button", { name: SHOW_MORE_TEMPLATES }))
    await expect(await canvas.findByRole("alert")).toHaveTextContent(NETWORK_DOWN)
    // Asking again reads the same page; the list stays as it was.
    await expect(canvas.getByRole("button", { name: SHOW_MORE_TEMPLATES })).toBeEnabled()
    await expect(canvas.getAllByRole("radio", { name: /Push week|Squat day/ })).toHaveLength(2)
  }
}
