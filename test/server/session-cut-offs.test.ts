/**
 * Session cut-offs remembered per instance (server/auth/session-cut-offs.ts, ADR 054): each
 * change to a uid's cut-off reaches every instance through the schema's channel; what the
 * channel did not tell is remembered; a lost channel, a read overtaken by a change, and
 * time each make the instance read again.
 */
import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { FirebaseUid } from "#domain/ids.ts"
import { openSessionCutOffs, REMEMBER_MS, type SessionCutOffs } from "#server/auth/session-cut-offs.ts"
import { dropPostgresSchema, openDatabase, type Database } from "#server/db/client.ts"
import type { Listener } from "#server/db/listen.ts"
import { users } from "#server/db/schema.ts"
import { databasesUnderTest, freshSchemaName } from "./support/databases.ts"
import { dropListeners } from "./support/listeners.ts"

const TRIGGER = "users_session_cut_off_changed"
const HEARD_WITHIN = { timeout: 5_000, interval: 20 }

let uids = 0
const freshUid = () => `cut-off-${Date.now().toString(36)}-${++uids}` as FirebaseUid

const addUser = async (database: Database, uid: FirebaseUid, cutOff: Date | null) => {
  await database.db.insert(users).values({
    firebaseId: uid,
    name: "Pat Person",
    email: `${uid}@example.com`,
    userType: "Client",
    sessionsValidAfter: cutOff
  })
}

const setCutOff = (database: Database, uid: FirebaseUid, cutOff: Date | null) =>
  database.db.update(users).set({ sessionsValidAfter: cutOff }).where(eq(users.firebaseId, uid))

/** A change no instance hears of: what an instance then answers is what it remembered. */
const untold = async (database: Database, change: () => Promise<unknown>) => {
  await database.db.execute(sql.raw(`alter table users disable trigger ${TRIGGER}`))
  try {
    await change()
  } finally {
    await database.db.execute(sql.raw(`alter table users enable trigger ${TRIGGER}`))
  }
}

const january = new Date("2026-01-01T00:00:00.000Z")
const february = new Date("2026-02-01T00:00:00.000Z")

describe.each(databasesUnderTest)("session cut-offs remembered on $name", ({ name, databaseUrl }) => {
  const schemaName = freshSchemaName()
  let database: Database
  // Another instance on the same database (on PGlite, the same process's other reader).
  let other: Database
  let here: SessionCutOffs
  let there: SessionCutOffs

  beforeAll(async () => {
    database = await openDatabase(databaseUrl === undefined ? { dataDir: "memory://" } : { databaseUrl, schemaName })
    other = databaseUrl === undefined ? database : await openDatabase({ databaseUrl, schemaName })
    here = await openSessionCutOffs(database)
    there = await openSessionCutOffs(other)
  })
  afterAll(async () => {
    await here.close()
    await there.close()
    if (other !== database) await other.close()
    await database.close()
    if (databaseUrl !== undefined) await dropPostgresSchema(databaseUrl, schemaName)
  })

  it("remembers a uid's cut-off: a change nobody is told of is not read again", async () => {
    const uid = freshUid()
    // Made untold too: the record's own notice, heard after the read, would forget it.
    await untold(database, () => addUser(database, uid, null))
    expect(await here.of(database.db, uid)).toBeNull()
    await untold(database, () => setCutOff(database, uid, january))
    expect(await here.of(database.db, uid)).toBeNull()
  })

  it("hears each change on every instance: a record made, its cut-off moved, its uid rebound, the record dropped", async () => {
    const uid = freshUid()
    const rebound = freshUid()
    const seeBoth = async (which: FirebaseUid, cutOff: Date | null) => {
      await vi.waitFor(async () => expect(await here.of(database.db, which)).toEqual(cutOff), HEARD_WITHIN)
      await vi.waitFor(async () => expect(await there.of(other.db, which)).toEqual(cutOff), HEARD_WITHIN)
    }
    // Remembered with no record: the case a squatter's session meets before the owner signs up.
    await seeBoth(uid, null)
    await seeBoth(rebound, null)
    await addUser(database, uid, january)
    await seeBoth(uid, january)
    await setCutOff(database, uid, february)
    await seeBoth(uid, february)
    await database.db.update(users).set({ firebaseId: rebound }).where(eq(users.firebaseId, uid))
    await seeBoth(uid, null)
    await seeBoth(rebound, february)
    await database.db.delete(users).where(eq(users.firebaseId, rebound))
    await seeBoth(rebound, null)
  })

  it.runIf(name === "PostgreSQL")(
    "forgets what it remembered when its listening connection drops, and reads again",
    async () => {
      const uid = freshUid()
      await untold(database, () => addUser(database, uid, null))
      expect(await here.of(database.db, uid)).toBeNull()
      expect(await there.of(other.db, uid)).toBeNull()
      await untold(database, () => setCutOff(database, uid, january))
      // Both instances' listeners: every remembered cut-off is now unheard of.
      expect(await dropListeners(databaseUrl ?? "", `session_cut_offs_${schemaName}`)).toEqual([true, true])
      await vi.waitFor(async () => expect(await here.of(database.db, uid)).toEqual(january), HEARD_WITHIN)
      await vi.waitFor(async () => expect(await there.of(other.db, uid)).toEqual(january), HEARD_WITHIN)
      // Back on the channel, each change is heard again.
      await setCutOff(database, uid, february)
      await vi.waitFor(async () => expect(await there.of(other.db, uid)).toEqual(february), HEARD_WITHIN)
    }
  )
})

describe("what a remembered cut-off outlives", () => {
  let database: Database
  let listener: Listener | undefined
  let now = Date.parse("2026-12-07T18:00:00Z")
  let cutOffs: SessionCutOffs

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" })
    // The channel, told by hand: a change the test makes is heard only when it says so.
    const listen: Database["listen"] = (_channel, given) => {
      listener = given
      return Promise.resolve(() => Promise.resolve())
    }
    cutOffs = await openSessionCutOffs({ db: database.db, listen }, () => now)
  })
  afterAll(async () => {
    await cutOffs.close()
    await database.close()
  })
  const heard = () => {
    if (listener === undefined) throw new Error("not listening")
    return listener
  }

  it("keeps no read that a change overtook", async () => {
    const uid = freshUid()
    await addUser(database, uid, null)
    const reading = cutOffs.of(database.db, uid)
    heard().onNotify(uid)
    expect(await reading).toBeNull()
    await setCutOff(database, uid, january)
    expect(await cutOffs.of(database.db, uid)).toEqual(january)
  })

  it("keeps nothing while the channel is lost, and remembers again once it is back", async () => {
    const uid = freshUid()
    await addUser(database, uid, null)
    expect(await cutOffs.of(database.db, uid)).toBeNull()
    heard().onLost?.()
    await setCutOff(database, uid, january)
    expect(await cutOffs.of(database.db, uid)).toEqual(january)
    await setCutOff(database, uid, february)
    expect(await cutOffs.of(database.db, uid)).toEqual(february)
    heard().onGap()
    expect(await cutOffs.of(database.db, uid)).toEqual(february)
    await setCutOff(database, uid, january)
    expect(await cutOffs.of(database.db, uid)).toEqual(february)
  })

  it("reads again once a cut-off has been remembered REMEMBER_MS", async () => {
    const uid = freshUid()
    await addUser(database, uid, null)
    expect(await cutOffs.of(database.db, uid)).toBeNull()
    await setCutOff(database, uid, january)
    now += REMEMBER_MS - 1
    expect(await cutOffs.of(database.db, uid)).toBeNull()
    now += 1
    expect(await cutOffs.of(database.db, uid)).toEqual(january)
  })
})
