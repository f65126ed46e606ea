/**
 * docs/decisions/019: the builder's exercise step searches the library as the coach types. In real
 * Chromium against the real server: the coach types "back sq", chooses Back Squat with the
 * keyboard, adds sets; types a name the library lacks and creates it inline; saves. The
 * day lists both, and the server holds Back Squat by its library id and the new exercise
 * as the coach's own. Axe runs with the list open. On a desktop and on a phone (390x844),
 * where the list must fit the screen and its rows be thumb-sized.
 */
import { expect, test, type Page } from "@playwright/test"
import { addDays, isoToRouteDate, todayIso } from "#domain/calendar.ts"
import { expectNoSeriousViolations } from "./support/accessibility.ts"
import { api, coachAndClient } from "./support/api.ts"
import { at, logIn, openLogin } from "./support/screens.ts"

interface Row {
  readonly exercise: string
  readonly exercise_id: string
}
interface Listed {
  readonly id: string
  readonly name: string
  readonly custom: boolean
}

const phone = { width: 390, height: 844 }

/** The open list fits the viewport, and every option is at least 44px high. */
async function expectListFitsTheScreen(page: Page): Promise<void> {
  const viewport = page.viewportSize() ?? phone
  const list = await page.getByRole("listbox", { name: "Library exercises" }).boundingBox()
  expect(list).not.toBeNull()
  expect(list?.height ?? Infinity).toBeLessThanOrEqual(viewport.height)
  expect(list?.width ?? Infinity).toBeLessThanOrEqual(viewport.width)
  // The combobox's own options: the exercise step's selects have options of their own.
  for (const option of await page.getByRole("listbox").getByRole("option").all()) {
    expect((await option.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
  }
}

for (const [device, viewport] of [
  ["a desktop", { width: 1280, height: 800 }],
  ["a phone", phone]
] as const) {
  test.describe(`on ${device}`, () => {
    test.use(
      viewport === phone
        ? { viewport: phone, hasTouch: true, isMobile: true }
        : { viewport: { width: viewport.width, height: viewport.height } }
    )

    test("a coach chooses Back Squat from the library by keyboard, creates an exercise inline, and saves both by id", async ({
      page,
      baseURL
    }) => {
      test.setTimeout(120_000)
      const { coach, coachIds, clientIds } = await coachAndClient(baseURL ?? "")
      await openLogin(page)
      await logIn(page, coach.email, coach.password)
      await expect(page).toHaveURL(at("/coach/dashboard"))

      const day = addDays(todayIso(new Date()), 2)
      const dayPath = `/coach/workouts/${clientIds.id}/${isoToRouteDate(day)}`
      await page.goto(`/coach/workoutbuilder/${clientIds.id}/${isoToRouteDate(day)}`)
      await page.getByRole("button", { name: "Strength" }).click()
      await page.getByRole("button", { name: "Add exercise" }).click()

      // Typed one key at a time, the list follows; nothing is chosen until the coach says so.
      const name = page.getByRole("combobox", { name: "Exercise name" })
      await name.pressSequentially("back sq")
      await expect(name).toHaveAttribute("aria-expanded", "true")
      const options = page.getByRole("listbox", { name: "Library exercises" }).getByRole("option")
      await expect(options.first()).toHaveText(/^Back Squat/)
      await expect(options.first()).toContainText("Squat")
      await expect(name).not.toHaveAttribute("aria-activedescendant")
      await expectListFitsTheScreen(page)
      await expectNoSeriousViolations(page)

      await name.press("ArrowDown")
      await expect(options.first()).toHaveAttribute("aria-selected", "true")
      await expect(name).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id")) ?? "")
      await name.press("Enter")
      await expect(name).toHaveValue("Back Squat")
      await expect(name).toHaveAttribute("aria-expanded", "false")

      await page.getByRole("button", { name: "Add set" }).click()
      await page.getByRole("button", { name: "More sets" }).click()
      await page.getByRole("button", { name: "More sets" }).click()
      await page.getByRole("button", { name: "Add 3 sets" }).click()
      await expect(page.getByRole("list", { name: "Sets" }).getByRole("listitem")).toHaveCount(3)
      await page.getByRole("button", { name: "Submit Exercise" }).click()

      // A name the library does not have: the last option adds it as the coach's own.
      await page.getByRole("button", { name: "Add exercise" }).click()
      await name.pressSequentially("Zercher Lunge")
      const create = page.getByRole("option", { name: 'Create "Zercher Lunge"' })
      await expect(create).toBeVisible()
      await expectListFitsTheScreen(page)
      await expectNoSeriousViolations(page)
      await create.click()
      await expect(name).toHaveAttribute("aria-expanded", "false")
      await expect(name).toHaveValue("Zercher Lunge")
      await expect(page.getByText("to your exercises…")).toHaveCount(0)
      await expect(page.getByRole("alert")).toHaveCount(0)
      // From now on the library lists it as the coach's own.
      await name.press("ArrowDown")
      await expect(page.getByRole("option", { name: /^Zercher Lunge Other · Your exercise$/ })).toBeVisible()
      await name.press("Escape")
      await expect(name).toHaveAttribute("aria-expanded", "false")
      await expect(name).toHaveValue("Zercher Lunge")

      await page.getByRole("button", { name: "Add set" }).click()
      // The count carries over from the last exercise (ADR 020).
      await page.getByRole("button", { name: "Fewer sets" }).click()
      await page.getByRole("button", { name: "Fewer sets" }).click()
      await page.getByRole("button", { name: "Add 1 set" }).click()
      await page.getByRole("button", { name: "Submit Exercise" }).click()
      await page.getByRole("button", { name: "Submit Workout" }).click()

      // The day lists both, and the server holds them by library id.
      await expect(page).toHaveURL(at(dayPath))
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Strength Workout" }) })
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(["Back Squat", "Zercher Lunge"])

      const library = (await api(baseURL ?? "", coachIds.token, "GET", "/api/exercises")) as ReadonlyArray<Listed>
      const own = library.filter((exercise) => exercise.custom)
      expect(own.map(({ name }) => name)).toEqual(["Zercher Lunge"])
      const rows = (await api(
        baseURL ?? "",
        coachIds.token,
        "GET",
        `/api/workouts/${clientIds.id}?from=${day}&to=${day}`
      )) as ReadonlyArray<Row>
      expect(rows.map(({ exercise, exercise_id }) => ({ exercise, exercise_id }))).toEqual([
        { exercise: "Back Squat", exercise_id: "back-squat" },
        { exercise: "Back Squat", exercise_id: "back-squat" },
        { exercise: "Back Squat", exercise_id: "back-squat" },
        { exercise: "Zercher Lunge", exercise_id: own[0]?.id }
      ])
    })
  })
}
