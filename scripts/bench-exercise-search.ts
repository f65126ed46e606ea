// Per-keystroke cost of the exercise search (the goal: "the library search stays under
// 50 ms per keystroke at 4x CPU"). Types realistic queries one character at a time over the
// catalogue plus 200 custom exercises and times each call of the prepared search.
// This measures the search function alone, in node; the browser figure at 4x CPU
// throttling (rendering the options included) comes with the combobox.
//   npm run bench:search
import { performance } from "node:perf_hooks"
import { EXERCISE_CATALOGUE } from "#domain/exercise-catalogue.ts"
import { type SearchableExercise, prepareSearch } from "#domain/exercise-search.ts"

const CUSTOM_COUNT = 200
const MIN_KEYSTROKES = 1000
const BUDGET_MS = 50

// What coaches type: full names, aliases, abbreviations, typos' prefixes, accents.
const QUERIES = [
  "back squat",
  "rdl",
  "bench press",
  "romanian deadlift",
  "db row",
  "lat pulldown",
  "farmer's walk",
  "incline dumbbell press",
  "pull-ups",
  "hip thrust",
  "ohp",
  "bulgarian split squat",
  "développé couché",
  "tempo front squat",
  "cable",
  "kb swing",
  "zzz no such exercise"
]

// Custom exercises as a coach names them: a variation, a movement, sometimes an alias.
const custom = (count: number): Array<SearchableExercise> => {
  const modifiers = ["Tempo", "Paused", "Deficit", "Banded", "Chains", "Pin", "1.5 Rep", "Spoto", "Larsen", "Coach's"]
  const movements = EXERCISE_CATALOGUE.map((exercise) => exercise.name)
  let seed = 42
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed % n
  }
  return Array.from({ length: count }, (_, i) => {
    const name = `${modifiers[next(modifiers.length)] ?? ""} ${movements[next(movements.length)] ?? ""} ${i}`
    return { id: `custom-${i}`, name, aliases: i % 3 === 0 ? [`C${i}`] : [] }
  })
}

const exercises = [...EXERCISE_CATALOGUE, ...custom(CUSTOM_COUNT)]

const buildStart = performance.now()
const search = prepareSearch(exercises)
const buildMs = performance.now() - buildStart

const timings: Array<number> = []
let firstPassWorst = 0
let worst = { ms: 0, typed: "", keystroke: 0 }
let pass = 0
while (timings.length < MIN_KEYSTROKES) {
  for (const query of QUERIES) {
    for (let length = 1; length <= query.length; length++) {
      const typed = query.slice(0, length)
      const start = performance.now()
      search(typed)
      const elapsed = performance.now() - start
      timings.push(elapsed)
      if (elapsed > worst.ms) worst = { ms: elapsed, typed, keystroke: timings.length }
      if (pass === 0) firstPassWorst = Math.max(firstPassWorst, elapsed)
    }
  }
  pass++
}

const sorted = [...timings].sort((a, b) => a - b)
const at = (fraction: number): number => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0
const ms = (value: number): string => `${value.toFixed(3)} ms`

console.log("Exercise search per keystroke: the search function alone, in node (no DOM, no CPU throttling).")
console.log("The browser figure at 4x CPU, rendering the options included, comes with the combobox.")
console.log(`${exercises.length} exercises (${EXERCISE_CATALOGUE.length} catalogue + ${CUSTOM_COUNT} custom)`)
console.log(`${timings.length} keystrokes over ${QUERIES.length} queries typed one character at a time, ${pass} passes`)
console.log(`index build (prepareSearch, once): ${ms(buildMs)}`)
console.log(
  `per keystroke: median ${ms(at(0.5))}, p95 ${ms(at(0.95))}, p99 ${ms(at(0.99))}, worst ${ms(worst.ms)} (keystroke ${worst.keystroke}, "${worst.typed}")`
)
console.log(`worst in the first (cold) pass: ${ms(firstPassWorst)}; budget in the browser at 4x CPU: ${BUDGET_MS} ms`)
