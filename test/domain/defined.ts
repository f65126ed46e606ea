import { expect } from "vitest"

/** Asserts a value is present and hands it back narrowed, instead of a non-null assertion. */
export const defined = <T>(value: T | null | undefined): T => {
  expect(value).toBeDefined()
  expect(value).not.toBeNull()
  return value as T
}
