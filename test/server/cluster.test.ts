/**
 * The production start (server/cluster.ts, docs/decisions/052): with PostgreSQL, one worker
 * per core behind one port, each serving; a worker that dies is replaced while the others
 * answer; SIGHUP replaces every worker without an unanswered call; SIGTERM drains them all.
 * With PGlite, one process that says so.
 */
import { readFileSync, readdirSync, readlinkSync } from "node:fs"
import { connect } from "node:net"
import { afterAll, describe, expect, it } from "vitest"
import { dropPostgresSchema } from "#server/db/client.ts"
import { call } from "./support/api-under-test.ts"
import { coachedClientWithWorkout, oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"
import { callOnOwnConnection } from "./support/own-connection.ts"
import { startServerProcess, type ServerProcess } from "./support/server-process.ts"

const DATE = "2026-05-04"
const WORKERS = 2

/** The primary's workers: its children running the cluster entry (tsx adds an esbuild child too). */
const childrenOf = (pid: number): Array<number> =>
  readdirSync(`/proc/${pid}/task`)
    .flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
        .split(" ")
        .filter((text) => text.trim() !== "")
        .map(Number)
    )
    .filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, "utf8").includes("cluster.ts")
      } catch {
        return false // gone while listed
      }
    })

const socketsOf = (pid: number): number =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")
    } catch {
      return false // closed while listed
    }
  }).length

const until = async (check: () => boolean, what: () => string, ms = 30_000) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`)
    await new Promise((done) => setTimeout(done, 100))
  }
}

/** A call still unanswered after this is reported as one rather than holding the test. */
const ANSWER_WITHIN_MS = 15_000

const postgres = databasesUnderTest.find((database) => database.name === "PostgreSQL")

if (postgres?.databaseUrl !== undefined) {
  const databaseUrl = postgres.databaseUrl
  describe("the cluster on PostgreSQL", () => {
    const schemaName = freshSchemaName()
    let cluster: ServerProcess | undefined

    afterAll(async () => {
      await cluster?.stop()
      await dropPostgresSchema(databaseUrl, schemaName)
    })

    it(
      "serves from every worker, replaces a dead one, rolls on SIGHUP without an unanswered write, drains on SIGTERM",
      { timeout: 150_000 },
      async () => {
        const running = await startServerProcess(
          {
            DATABASE_URL: databaseUrl,
            DATABASE_SCHEMA: schemaName,
            WEB_CONCURRENCY: String(WORKERS),
            STATIC_DIR: "/nonexistent",
            LOG_LEVEL: "info"
          },
          "cluster"
        )
        cluster = running
        expect(running.output()).toContain(`${WORKERS} workers`)
        const workers = childrenOf(running.pid)
        expect(workers).toHaveLength(WORKERS)

        // Every worker takes connections: each held connection is a socket in the worker
        // that accepted it, and the primary hands them out in turn.
        const before = workers.map(socketsOf)
        const port = Number(new URL(running.url).port)
        const held = await Promise.all(
          Array.from(
            { length: 4 * WORKERS },
            () =>
              new Promise<ReturnType<typeof connect>>((done) => {
                const socket = connect(port, "127.0.0.1", () => {
                  socket.write("GET /beta/api/user/check HTTP/1.1\r\nHost: x\r\n\r\n")
                  socket.once("data", () => done(socket))
                })
              })
          )
        )
        const gained = workers.map((pid, i) => socketsOf(pid) - (before[i] ?? 0))
        for (const socket of held) socket.destroy()
        expect(
          gained.every((count) => count >= 1),
          `sockets gained per worker: ${gained.join(", ")}`
        ).toBe(true)

        const { clientUser, clientId, setIds } = await coachedClientWithWorkout(running.url, {
          names: ["Cora Cluster", "Cole Cluster"],
          date: DATE,
          workout: oneExercise("Squat", 3, 5)
        })
        expect(setIds).toHaveLength(3)

        // A worker killed outright: the other answers meanwhile, and a new one takes its place.
        const [victim] = workers
        process.kill(victim ?? -1, "SIGKILL")
        // Once the primary has seen it go (a connection handed over in that instant is lost
        // with the worker, as with any crashed process), the other worker takes every call.
        await until(
          () => running.output().includes("worker died"),
          () => "the primary to see the worker die"
        )
        expect(
          await callOnOwnConnection(running.url, "GET", "/beta/api/coaching", clientUser.idToken, {
            answerWithinMs: ANSWER_WITHIN_MS
          })
        ).toBe(200)
        await until(
          () => childrenOf(running.pid).length === WORKERS && !childrenOf(running.pid).includes(victim ?? -1),
          () => "a replacement worker"
        )

        // SIGHUP replaces every worker, one at a time, while three lifters keep logging.
        const lastAnswered = new Map<number, number>()
        const outcomes: Array<number | string> = []
        let writing = true
        const writer = async (setId: number) => {
          for (let n = 0; writing; n++) {
            const reps = (n % 90) + 1
            const outcome = await callOnOwnConnection(
              running.url,
              "PUT",
              "/beta/api/updateWorkoutResult",
              clientUser.idToken,
              { body: { id: setId, reps }, answerWithinMs: ANSWER_WITHIN_MS }
            )
            outcomes.push(outcome)
            if (outcome === 200) lastAnswered.set(setId, reps)
          }
        }
        const writers = setIds.map(writer)
        const beforeRoll = childrenOf(running.pid)
        await new Promise((done) => setTimeout(done, 300))
        process.kill(running.pid, "SIGHUP")
        await until(
          () => {
            const now = childrenOf(running.pid)
            return now.length === WORKERS && now.every((pid) => !beforeRoll.includes(pid))
          },
          () =>
            `every worker replaced; the cluster said:\n${running
              .output()
              .split("\n")
              .filter((line) => !line.includes("requestId"))
              .slice(-12)
              .join("\n")}`,
          60_000
        )
        await new Promise((done) => setTimeout(done, 300))
        writing = false
        await Promise.all(writers)

        expect(outcomes.filter((outcome) => outcome !== 200)).toEqual([])
        expect(outcomes.length).toBeGreaterThan(20)
        const results = await call(running.url, "GET", `/beta/api/workoutResults/${clientId}?from=${DATE}&to=${DATE}`, {
          token: clientUser.idToken
        })
        const stored = new Map((results.body as Array<{ id: number; reps: number }>).map((row) => [row.id, row.reps]))
        for (const setId of setIds) expect(stored.get(setId)).toBe(lastAnswered.get(setId))

        const workersAtEnd = childrenOf(running.pid)
        await running.stop()
        cluster = undefined
        expect(running.exitCode()).toBe(0)
        for (const pid of workersAtEnd) expect(() => process.kill(pid, 0)).toThrow()
      }
    )

    it(
      "stops with exit 1 when its workers cannot start, instead of forking them forever",
      { timeout: 60_000 },
      async () => {
        // An unsafe schema name fails every worker's start before it listens.
        await expect(
          startServerProcess(
            {
              DATABASE_URL: databaseUrl,
              DATABASE_SCHEMA: "Not-Safe",
              WEB_CONCURRENCY: "2",
              STATIC_DIR: "/nonexistent"
            },
            "cluster"
          )
        ).rejects.toThrow(/server exited with 1[\s\S]*unsafe schema name/)
      }
    )
  })
}

describe("the cluster entry on PGlite", () => {
  it("serves from one process and says why", { timeout: 60_000 }, async () => {
    const running = await startServerProcess(
      { DATABASE_URL: "", DATA_DIR: "memory://", STATIC_DIR: "/nonexistent", LOG_LEVEL: "warn" },
      "cluster"
    )
    try {
      expect(running.output()).toContain("one process's database")
      expect(childrenOf(running.pid)).toEqual([])
      expect((await call(running.url, "GET", "/beta/api/user/check")).status).toBe(401)
    } finally {
      await running.stop()
    }
  })
})
