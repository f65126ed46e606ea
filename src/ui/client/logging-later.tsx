/* The logging page's parts not needed to paint the first exercise, fetched together once the page is idle. */
export { LoggingSummary } from "./logging-summary.tsx"
export { RestTimer } from "./rest-timer.tsx"
