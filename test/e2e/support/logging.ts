import type { Page } from "@playwright/test"

/*
 * What the logging specs share: a prescribed set as the coach's API takes it, and a set's
 * group on the logging page.
 */

/** A set of `reps` at `weight` (the coach's unit), not AMSAP. */
export const prescribed = (reps: number, weight: number) => ({
  amsap: false,
  fields: [
    { name: "reps", value: reps },
    { name: "weight", value: weight }
  ]
})

/** Set `n` (1-based) of the exercise on screen. */
export const setGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })
