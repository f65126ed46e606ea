// Searching exercises by name as the coach types (the builder's exercise combobox),
// over any list of exercises: the canonical catalogue plus a coach's custom ones.
// Plain TypeScript, no Effect: the combobox calls it on every keystroke.

/** What search needs of an exercise; catalogue entries and custom exercises both have it. */
export interface SearchableExercise {
  readonly id: string
  readonly name: string
  readonly aliases: ReadonlyArray<string>
}

/** A prepared search: the matches for one query, best first, at most `limit` of them. */
export type ExerciseSearch<T extends SearchableExercise> = (query: string, limit?: number) => ReadonlyArray<T>

/** How many options the combobox lists. */
export const DEFAULT_SEARCH_LIMIT = 8

// Whole words written in short (or misspelt) in free-text workout names. Expanded on both
// sides, so "DB Row" finds and equals "Dumbbell Row" without an alias for each.
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  bb: "barbell",
  db: "dumbbell",
  dumbell: "dumbbell",
  kb: "kettlebell",
  bw: "bodyweight"
}

/**
 * One English plural folded to its singular ("Pull-ups" = "Pull-Up", "Biceps Curl" =
 * "Bicep Curl"). Only ever drops letters from the end, so a word typed halfway still
 * prefixes the names it prefixed before. Words in "ss", "us" and "is" ("press",
 * "tibialis") are not plurals.
 */
const singular = (word: string): string => {
  if (word.length < 3 || /(?:ss|us|is)$/.test(word)) return word
  if (/(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2)
  return word.endsWith("s") ? word.slice(0, -1) : word
}

/**
 * The form names are compared in: lower case, accents dropped, apostrophes removed
 * ("Farmer's" = "Farmers"), "&" read as "and", any other punctuation or spacing one space,
 * plurals folded and the common abbreviations (bb, db, kb, bw) spelt out.
 * "" when the text has no letter or digit.
 */
export const normalizeExerciseName = (text: string): string => {
  const words = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/&/g, " and ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "")
  return words
    .map((word) => {
      const one = singular(word)
      return ABBREVIATIONS[one] ?? one
    })
    .join(" ")
}

// How well an exercise matches, best first. Ties go by name.
const EXACT = 0 // the name or an alias is the query
const NAME_PREFIX = 1 // the name starts with it
const ALIAS_PREFIX = 2 // an alias starts with it ("squ" -> "Squat", an alias of Back Squat)
const WORD_PREFIX = 3 // a word of the name or an alias starts with it ("squ" -> Front Squat)
const SUBSTRING = 4 // it appears anywhere in the name or an alias
const TIERS = 5

interface IndexedExercise<T> {
  readonly exercise: T
  readonly name: string
  readonly aliases: ReadonlyArray<string>
  /** Name and aliases in one string, to turn away a non-match with one search. */
  readonly all: string
}

// Normalized text holds only letters, digits and single spaces, so this never occurs in it.
const SEPARATOR = "\u0001"

const tierOf = <T>(entry: IndexedExercise<T>, query: string, wordStart: string): number | undefined => {
  if (!entry.all.includes(query)) return undefined
  if (entry.name === query || entry.aliases.includes(query)) return EXACT
  if (entry.name.startsWith(query)) return NAME_PREFIX
  if (entry.aliases.some((alias) => alias.startsWith(query))) return ALIAS_PREFIX
  if (entry.all.includes(wordStart)) return WORD_PREFIX
  return SUBSTRING
}

/**
 * Builds the index once (normalized names and aliases, the order by name) and returns
 * the per-keystroke search. Matching is on normalized text (see normalizeExerciseName):
 * case, accents, punctuation, plurals and abbreviations do not matter. Ranking: an exact
 * name or alias, then a name that starts with the query, then an alias that does, then a
 * word that does, then the query anywhere; ties by name. A query with no letter or digit
 * lists the first `limit` exercises by name.
 */
export const prepareSearch = <T extends SearchableExercise>(exercises: ReadonlyArray<T>): ExerciseSearch<T> => {
  const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true })
  const entries: ReadonlyArray<IndexedExercise<T>> = exercises
    .map((exercise) => {
      const name = normalizeExerciseName(exercise.name)
      const aliases = exercise.aliases.map(normalizeExerciseName).filter((alias) => alias !== "")
      return { exercise, name, aliases, all: [name, ...aliases].join(SEPARATOR) }
    })
    .sort(
      (a, b) =>
        byName.compare(a.exercise.name, b.exercise.name) ||
        (a.exercise.id < b.exercise.id ? -1 : a.exercise.id > b.exercise.id ? 1 : 0)
    )

  return (query, limit = DEFAULT_SEARCH_LIMIT) => {
    const wanted = Math.max(0, Math.floor(limit))
    if (wanted === 0) return []
    const normalized = normalizeExerciseName(query)
    if (normalized === "") return entries.slice(0, wanted).map((entry) => entry.exercise)
    // Entries are in name order, so each tier's list is too: no sort per keystroke.
    const tiers: Array<Array<T>> = Array.from({ length: TIERS }, () => [])
    const wordStart = ` ${normalized}`
    for (const entry of entries) {
      const tier = tierOf(entry, normalized, wordStart)
      if (tier !== undefined) tiers[tier]?.push(entry.exercise)
    }
    return tiers.flat().slice(0, wanted)
  }
}

/**
 * One search without keeping the index. Builds it every call: for a search per keystroke,
 * call prepareSearch once per list of exercises and keep the function it returns.
 */
export const searchExercises = <T extends SearchableExercise>(
  query: string,
  exercises: ReadonlyArray<T>,
  limit: number = DEFAULT_SEARCH_LIMIT
): ReadonlyArray<T> => prepareSearch(exercises)(query, limit)
