/**
 * A PostgreSQL cluster of the test's own, in a temp folder on a free port, that a fault
 * test may restart, freeze and stop. It never touches the shared server on 5432.
 * Root runs the cluster as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFile, execFileSync } from "node:child_process"
import { promisify } from "node:util"
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir, userInfo } from "node:os"
import { join } from "node:path"

export interface ThrowawayPostgres {
  readonly databaseUrl: string
  /** pg_ctl restart -m fast: every connection is dropped, then the server comes back. Runs beside the test's own requests. */
  readonly restart: () => Promise<void>
  /** SIGSTOP to the postmaster and every backend: connections stay open, nothing answers. */
  readonly freeze: () => void
  readonly thaw: () => void
  readonly stop: () => void
}

/** The folder holding initdb and pg_ctl, or undefined where PostgreSQL's server tools are not installed. */
export function postgresBinDir(): string | undefined {
  const root = "/usr/lib/postgresql"
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(root, versions[0], "bin")
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer()
    probe.once("error", fail)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === "object" && address !== null ? done(address.port) : fail(new Error("no port"))
      )
    })
  })

export async function startThrowawayPostgres(binDir: string): Promise<ThrowawayPostgres> {
  const asRoot = userInfo().uid === 0
  const dir = mkdtempSync(join(tmpdir(), "strength-coach-faults-"))
  const dataDir = join(dir, "data")
  if (asRoot) {
    const [uid, gid] = ["-u", "-g"].map((flag) => Number(execFileSync("id", [flag, "postgres"]).toString().trim()))
    chownSync(dir, uid ?? 0, gid ?? 0)
  }
  const command = (tool: string, args: ReadonlyArray<string>): [string, Array<string>] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", join(binDir, tool), ...args]] : [join(binDir, tool), [...args]]
  const run = (tool: string, args: ReadonlyArray<string>) =>
    execFileSync(...command(tool, args), { stdio: "pipe", cwd: dir })
  const port = await freePort()
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"])
  const pgCtlArgs = (...args: ReadonlyArray<string>) => [
    "-D",
    dataDir,
    "-w",
    "-l",
    join(dir, "server.log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    ...args
  ]
  const pgCtl = (...args: ReadonlyArray<string>) => run("pg_ctl", pgCtlArgs(...args))
  pgCtl("start")

  const processes = (): Array<string> => {
    const postmaster = readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0] ?? ""
    let children: Array<string> = []
    try {
      children = execFileSync("pgrep", ["-P", postmaster]).toString().trim().split("\n").filter(Boolean)
    } catch {
      // pgrep exits 1 when there are no children
    }
    return [postmaster, ...children]
  }
  const signal = (name: "STOP" | "CONT") => execFileSync("kill", [`-${name}`, ...processes()])

  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await promisify(execFile)(...command("pg_ctl", pgCtlArgs("restart", "-m", "fast")), { cwd: dir })
    },
    freeze: () => signal("STOP"),
    thaw: () => signal("CONT"),
    stop: () => {
      try {
        signal("CONT")
        pgCtl("stop", "-m", "immediate")
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}
