import { dayOfWeek, type IsoDate, WEEK_STEP_DAYS } from "./calendar.ts"

/*
 * Where a copied workout lands (docs/decisions/040). A week, copied or from a template,
 * keeps its weekdays: each workout lands on its own weekday, the first such day at or
 * after the target's start, so a Mon/Wed/Fri week from a Wednesday lands Wed, Fri, then
 * Mon. A workout or a day has no week around it and lands on the start itself. Copied week
 * `w` (0 for the first copy) lands 7 × w days later. Pure, so the server's plan and the
 * screen's labels read the same days.
 */

/**
 * A source workout as far as landing goes: its weekday (0 Sunday) when it belongs to a
 * week; otherwise its days after the source's first day, which only a program template
 * has other than 0 (its week and day, program.ts; docs/decisions/049).
 */
export interface Landing {
  readonly weekday: number | null
  readonly offset?: number
}

/**
 * Days after the start a workout lands in the first copied week: 0..6 for a week, the
 * offset itself for a program (0..83), 0 for a workout or a day.
 */
export const landingOffset = (workout: Landing, start: IsoDate): number =>
  workout.weekday === null ? (workout.offset ?? 0) : (((workout.weekday - dayOfWeek(start)) % 7) + 7) % 7

/** The furthest a copy of `weeks` weeks may land from its start: the last day of its last week. */
export const lastLandingOffset = (weeks: number): number => WEEK_STEP_DAYS * Math.max(1, weeks) - 1
