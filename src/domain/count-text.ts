/** "1 set", "6,120 sets": a count with its noun, grouped as the app writes numbers (en-US). */
export const countText = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`
