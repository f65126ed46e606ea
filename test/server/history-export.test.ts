/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/*
 * The exports (docs/decisions/049-import-and-export.md): a lifter's history as our CSV,
 * Strong's CSV or JSON, streamed a batch at a time, for the lifter and their coach only;
 * a coach's whole account as one streamed zip. PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto"
import { strFromU8, unzipSync } from "fflate"
import { beforeAll, describe, expect, it } from "vitest"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser } from "./support/emulator-users.ts"

const OUR_HEADER = "date,session,workout,started_at,duration_seconds,exercise,exercise_id,set,weight,unit,reps,rpe\n"

const newKey = () => randomUUID().replaceAll("-", "")

/** `count` sessions of 5 exercises of 10 sets, a day apart from `first`. */
const bigChunk = (first: number, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(2022, 0, 1 + first + index)).toISOString().slice(0, 10)
    return {
      key: `big:${first + index}`,
      date,
      exercises: ["Back Squat", "Bench Press", "Deadlift", "Overhead Press", "Barbell Row"].map((name) => ({
        name,
        sets: Array.from({ length: 10 }, (_, set) => ({ weight: 50 + set, unit: "kg", reps: 5, rpe: null }))
      }))
    }
  })

describe.each(databasesUnderTest)("exporting history on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let lifter: Account
  let archived: Account
  let otherCoach: Account
  let otherLifter: Account
  let squatId: string

  const exportOf = (clientId: number | string, format: string | undefined, who: { idToken: string } | undefined) =>
    fetch(`${api.server().url}/beta/api/export/history/${clientId}${format === undefined ? "" : `?format=${format}`}`, {
      headers: who === undefined ? {} : { authorization: `Bearer ${who.idToken}` }
    })

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Eve Export-Coach")
    lifter = await api.clientOf(coach, "Ivy Exporter")
    archived = await api.clientOf(coach, "Arlo Archived")
    otherCoach = await api.signupAs("Coach", "Otto Other-Coach")
    otherLifter = await api.clientOf(otherCoach, "Oona Other-Lifter")
    // A workout of the coach's: one set done, one skipped, one with nothing logged.
    const saved = await api.saveWorkout(coach, lifter, "2024-02-05")
    squatId = saved.body[0].exercise_id
    const logged = [
      { id: saved.body[0].id, reps: 5, weight: 100, weight_unit: "lb", rpe: 8 },
      { id: saved.body[1].id, skipped: true }
    ]
    for (const body of logged) {
      const answer = await api.call("PUT", "/beta/api/updateWorkoutResult", { token: lifter.idToken, body })
      if (answer.status !== 200) throw new Error(`log failed: ${answer.status} ${JSON.stringify(answer.body)}`)
    }
    const imported = await api.call("POST", "/beta/api/imports/chunk", {
      token: lifter.idToken,
      body: {
        import_key: newKey(),
        source: "strong",
        file_name: "strong.csv",
        sessions: [
          {
            key: "strong:2024-03-04T17:00:00:Leg day",
            date: "2024-03-04",
            started_at: "2024-03-04T17:00:00.000Z",
            duration_seconds: 3600,
            title: "Leg day",
            exercises: [
              {
                name: "Squat (Barbell)",
                exercise_id: "back-squat",
                sets: [
                  { weight: 100, unit: "kg", reps: 5, rpe: 8 },
                  { weight: 102.5, unit: "kg", reps: 5, rpe: null }
                ]
              }
            ]
          },
          {
            key: "strong:2024-03-06T08:00:00:Push, heavy",
            date: "2024-03-06",
            title: "Push, heavy",
            exercises: [{ name: "Bench Press", sets: [{ weight: 185, unit: "lb", reps: 8, rpe: null }] }]
          }
        ]
      }
    })
    if (imported.status !== 200) throw new Error(`import failed: ${imported.status} ${JSON.stringify(imported.body)}`)
    const archiving = await api.call("POST", "/beta/api/clients/archive", {
      token: coach.idToken,
      body: { clientId: archived.id }
    })
    if (archiving.status !== 200) throw new Error(`archive failed: ${archiving.status}`)
  })

  const OUR_LINES = () => [
    `2024-02-05,ours:2024-02-05:0,Workout 1,,,Squat,${squatId},1,100,lb,5,8\n`,
    "2024-03-04,strong:2024-03-04T17:00:00:Leg day,Leg day,2024-03-04T17:00:00.000Z,3600,Squat (Barbell),back-squat,1,100,kg,5,8\n",
    "2024-03-04,strong:2024-03-04T17:00:00:Leg day,Leg day,2024-03-04T17:00:00.000Z,3600,Squat (Barbell),back-squat,2,102.5,kg,5,\n",
    '2024-03-06,"strong:2024-03-06T08:00:00:Push, heavy","Push, heavy",2024-03-06T12:00:00.000Z,0,Bench Press,bench-press,1,185,lb,8,\n'
  ]

  it("writes the lifter's done sets as our CSV, oldest first, each in its own unit, as a download", async () => {
    const response = await exportOf(lifter.id, "csv", lifter)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8")
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="history-${lifter.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`)
    )
    expect(await response.text()).toBe(OUR_HEADER + OUR_LINES().join(""))
  })

  it("gives the lifter's coach the same file, an archived client's too, and the csv without a format", async () => {
    const coachs = await exportOf(lifter.id, undefined, coach)
    expect(coachs.status).toBe(200)
    expect(await coachs.text()).toBe(OUR_HEADER + OUR_LINES().join(""))
    const archivedOne = await exportOf(archived.id, "csv", coach)
    expect(archivedOne.status).toBe(200)
    expect(await archivedOne.text()).toBe(OUR_HEADER)
  })

  it("writes Strong's CSV and JSON", async () => {
    const strong = await exportOf(lifter.id, "strong", lifter)
    expect(strong.status).toBe(200)
    expect(strong.headers.get("content-disposition")).toContain("-strong.csv")
    const lines = (await strong.text()).split("\n")
    expect(lines[0]).toMatch(/^Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE/)
    expect(lines[2]).toBe("2024-03-04 17:00:00;Leg day;Squat (Barbell);1;100;kg;5;8;;;;;;1h 0m")
    expect(lines[4]).toMatch(/^2024-03-06 12:00:00;"Push, heavy";Bench Press;1;185;lbs;8;/)
    const json = await exportOf(lifter.id, "json", lifter)
    expect(json.status).toBe(200)
    expect(json.headers.get("content-type")).toBe("application/json")
    const sets = (await json.json()) as Array<Record<string, unknown>>
    expect(sets).toHaveLength(4)
    expect(sets[1]).toEqual({
      date: "2024-03-04",
      session: "strong:2024-03-04T17:00:00:Leg day",
      workout: "Leg day",
      started_at: "2024-03-04T17:00:00.000Z",
      duration_seconds: 3600,
      exercise: "Squat (Barbell)",
      exercise_id: "back-squat",
      set: 1,
      weight: 100,
      unit: "kg",
      reps: 5,
      rpe: 8
    })
    const empty = await exportOf(archived.id, "json", archived)
    expect(await empty.json()).toEqual([])
  })

  it("answers anyone else 404 revealing nothing, no token 401, no account 403", async () => {
    for (const who of [otherCoach, otherLifter, archived]) {
      const refused = await exportOf(lifter.id, "csv", who)
      expect(refused.status).toBe(404)
      const text = await refused.text()
      expect(JSON.parse(text)).toEqual({ error: expect.stringMatching(/^clientId: /) })
      expect(text).not.toContain(lifter.name)
    }
    const anonymous = await exportOf(lifter.id, "csv", undefined)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: expect.stringContaining("Sign in") })
    const stranger = await createEmulatorUser("export-stranger")
    expect((await exportOf(lifter.id, "csv", stranger)).status).toBe(403)
  })

  it.each([
    ["format", "own", "xlsx"],
    ["clientId", "12abc", "csv"],
    ["clientId", "0", "csv"],
    ["clientId", "99999999999", "csv"]
  ])("a bad %s is a 400 naming it", async (field, clientId, format) => {
    const answer = await exportOf(clientId === "own" ? lifter.id : clientId, format, lifter)
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as { error: string }).error).toMatch(new RegExp(`^${field}: `))
  })

  it("streams a history of 5000 sets whole, a batch at a time", async () => {
    const big = await api.signupAs("Client", "Bea Big-History")
    for (let chunk = 0; chunk < 5; chunk++) {
      const answer = await api.call("POST", "/beta/api/imports/chunk", {
        token: big.idToken,
        body: { import_key: newKey(), source: "hevy", file_name: "hevy.csv", sessions: bigChunk(chunk * 20, 20) }
      })
      expect(answer.body.sets_added).toBe(1000)
    }
    const response = await exportOf(big.id, "csv", big)
    expect(response.status).toBe(200)
    // Written as it is read: no length known up front, the body a stream of pieces.
    expect(response.headers.get("content-length")).toBeNull()
    expect(response.body).toBeInstanceOf(ReadableStream)
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let text = ""
    let pieces = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      pieces++
      text += decoder.decode(value, { stream: true })
    }
    expect(pieces).toBeGreaterThan(1)
    const lines = text.trimEnd().split("\n")
    expect(lines).toHaveLength(5001)
    expect(lines[1]).toBe("2022-01-01,big:0,Workout 1,2022-01-01T12:00:00.000Z,0,Back Squat,back-squat,1,50,kg,5,")
    expect(lines.at(-1)).toMatch(/^2022-04-10,big:99,Workout 1,.*,Barbell Row,[a-z-]+,10,59,kg,5,$/)
    // Every set once: the batches meet without a gap or an overlap.
    expect(new Set(lines.slice(1)).size).toBe(5000)
  })

  describe("a coach's account", () => {
    const accountOf = (who: { idToken: string } | undefined) =>
      fetch(`${api.server().url}/beta/api/export/account`, {
        headers: who === undefined ? {} : { authorization: `Bearer ${who.idToken}` }
      })

    it("is one zip of clients, templates, every client's history and chat", async () => {
      const invited = await api.call("POST", "/beta/api/addClient", {
        token: coach.idToken,
        body: { data: { coachId: coach.id, clientEmail: "export-invitee@tests.dev" } }
      })
      expect(invited.status).toBe(200)
      const template = await api.call("POST", "/beta/api/templates", {
        token: coach.idToken,
        body: {
          name: "Export day",
          source: { kind: "workout", clientId: lifter.id, date: "2024-02-05", workoutOrder: 0 }
        }
      })
      expect(template.status).toBe(200)
      const message = await api.call("POST", `/beta/api/chat/${lifter.id}/messages`, {
        token: lifter.idToken,
        body: { id: randomUUID(), body: "Exported, I hope" }
      })
      expect(message.status).toBe(200)

      const response = await accountOf(coach)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("application/zip")
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="account-\d+-[\d-]+\.zip"$/)
      expect(response.headers.get("content-length")).toBeNull()
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
      expect(Object.keys(files)).toEqual([
        "clients.csv",
        "templates.json",
        `history/${lifter.id}-Ivy-Exporter.csv`,
        `history/${archived.id}-Arlo-Archived.csv`,
        `chat/${lifter.id}.json`
      ])
      const text = (name: string) => strFromU8(files[name] ?? new Uint8Array())
      expect(text("clients.csv")).toBe(
        [
          "name,email,status",
          `Ivy Exporter,${lifter.email},linked`,
          `Arlo Archived,${archived.email},archived`,
          ",export-invitee@tests.dev,invited",
          ""
        ].join("\n")
      )
      const templates = JSON.parse(text("templates.json")) as Array<Record<string, unknown>>
      expect(templates).toEqual([
        {
          id: template.body.id,
          name: "Export day",
          kind: "workout",
          created_at: expect.stringMatching(/Z$/),
          content: [expect.objectContaining({ exercises: expect.any(Array) })]
        }
      ])
      expect(text(`history/${lifter.id}-Ivy-Exporter.csv`)).toBe(OUR_HEADER + OUR_LINES().join(""))
      expect(text(`history/${archived.id}-Arlo-Archived.csv`)).toBe(OUR_HEADER)
      expect(JSON.parse(text(`chat/${lifter.id}.json`))).toEqual([
        expect.objectContaining({ id: message.body.id, senderId: lifter.id, body: "Exported, I hope" })
      ])
    })

    it("is a coach's own: a lifter's call is a 403, no token a 401", async () => {
      const refused = await accountOf(lifter)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({ error: expect.stringContaining("coaches") })
      expect((await accountOf(undefined)).status).toBe(401)
      const others = await accountOf(otherCoach)
      expect(others.status).toBe(200)
      const files = unzipSync(new Uint8Array(await others.arrayBuffer()))
      expect(Object.keys(files)).toEqual([
        "clients.csv",
        "templates.json",
        `history/${otherLifter.id}-Oona-Other-Lifter.csv`
      ])
      expect(strFromU8(files["templates.json"] ?? new Uint8Array())).toBe("[]\n")
    })
  })
})
