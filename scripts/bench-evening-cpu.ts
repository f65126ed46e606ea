// Where the busy evening's CPU figures come from (scripts/bench-evening.ts): /proc. A
// process's CPU is utime + stime of /proc/<pid>/stat; a process that exited inside the
// window (an instance restarted by BENCH_ROLLING) is counted by its parent's cutime +
// cstime, which grow by a child's whole CPU when it is reaped.
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100
  } catch {
    return 100
  }
})()

/** Fields of /proc/<pid>/stat after the command's closing parenthesis (field 3 is index 0). */
const statFields = (pid: number | "self"): Array<string> | undefined => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8")
    return text.slice(text.lastIndexOf(")") + 2).split(" ")
  } catch {
    return undefined
  }
}

/** CPU seconds a running process has used (user + system); undefined once it is gone. */
export const cpuSecondsOf = (pid: number): number | undefined => {
  const fields = statFields(pid)
  if (fields === undefined) return undefined
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}

/** CPU seconds of this process's children that exited and were reaped. */
export const reapedChildrenCpu = (): number => {
  const fields = statFields("self")
  return fields === undefined ? 0 : (Number(fields[13]) + Number(fields[14])) / ticksPerSecond
}

/** Running processes whose command line `matches` (read only: to measure them, never to signal them). */
export const pidsMatching = (matches: (commandLine: string, name: string) => boolean): Array<number> =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ")
        const name = readFileSync(`/proc/${pid}/comm`, "utf8").trim()
        return matches(commandLine, name)
      } catch {
        return false
      }
    })

/** CPU seconds of these processes together (those gone since count nothing). */
export const cpuSecondsOfAll = (pids: ReadonlyArray<number>): Map<number, number> =>
  new Map(
    pids.flatMap((pid) => [[pid, cpuSecondsOf(pid)] as const]).filter((e): e is [number, number] => e[1] !== undefined)
  )

/** The whole machine's busy and total CPU seconds since boot, over all cores. */
export const machineCpu = (): { readonly busy: number; readonly total: number } => {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? ""
  const values = line.trim().split(/\s+/).slice(1).map(Number)
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0)
  const idle = (values[3] ?? 0) + (values[4] ?? 0)
  return { busy: (total - idle) / ticksPerSecond, total: total / ticksPerSecond }
}

export const loadAverage = (): string => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")
