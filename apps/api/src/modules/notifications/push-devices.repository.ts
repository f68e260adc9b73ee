import type { DeviceInfo } from '../../plugins/request-context.ts'
import { and, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { devices } from '../../db/schema/identity.ts'

/** The database or a transaction: fan-out reads join the caller's transaction. */
type Reader = Pick<Db, 'select'>

/**
 * The push columns of `devices` (push_token, push_platform). The auth module owns the rest of the
 * row (decision 014's shared writers); a token lives on at most one device (unique index).
 */
export function createPushDevicesRepository(db: Db) {
  return {
    /**
     * Puts the token on this device and creates the device row when it is new. A token already on
     * another device moves here only when that device is the same user's (a reinstalled app of the
     * same account); on another account's or an anonymous device it stays where it is and the
     * answer is `held-elsewhere` (nobody claims someone else's pushes with their token, 026).
     */
    async register(
      tx: Tx,
      v: {
        deviceId: string
        userId: string | null
        platform: string
        userAgent: string | null
        token: string
        /** The phone's description from the app's x-device-* headers. */
        deviceInfo?: DeviceInfo
      },
    ): Promise<'registered' | 'held-elsewhere'> {
      // Two devices registering one token at once take turns (until commit), so the second one
      // sees the first's row instead of hitting the unique index.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${v.token}, 0))`)
      const [holder] = await tx
        .select({ uuid: devices.uuid, userId: devices.userId })
        .from(devices)
        .where(eq(devices.pushToken, v.token))
      if (holder && holder.uuid !== v.deviceId && !(v.userId && holder.userId === v.userId))
        return 'held-elsewhere'
      await tx
        .update(devices)
        .set({ pushToken: null, pushPlatform: null })
        .where(and(eq(devices.pushToken, v.token), ne(devices.uuid, v.deviceId)))
      const fields = {
        userId: v.userId,
        platform: v.platform,
        pushToken: v.token,
        pushPlatform: v.platform,
        ...(v.userAgent ? { userAgent: v.userAgent } : {}),
        ...v.deviceInfo,
      }
      await tx
        .insert(devices)
        .values({ uuid: v.deviceId, ...fields })
        .onConflictDoUpdate({ target: devices.uuid, set: { ...fields, lastSeenAt: new Date() } })
      return 'registered'
    },
    /**
     * Whether the token is on the caller's device or on one of the user's devices: the only
     * tokens a test push may go to.
     */
    async isOwnedBy(
      token: string,
      owner: { deviceId: string | null; userId: string | null },
    ): Promise<boolean> {
      const mine: SQL[] = []
      if (owner.deviceId) mine.push(eq(devices.uuid, owner.deviceId))
      if (owner.userId) mine.push(eq(devices.userId, owner.userId))
      if (mine.length === 0) return false
      const [row] = await db
        .select({ uuid: devices.uuid })
        .from(devices)
        .where(and(eq(devices.pushToken, token), or(...mine)))
      return Boolean(row)
    },
    /** Removes the token when it is on the caller's device or on one of the user's devices. */
    async unregister(token: string, owner: { deviceId: string | null; userId: string | null }) {
      const mine: SQL[] = []
      if (owner.deviceId) mine.push(eq(devices.uuid, owner.deviceId))
      if (owner.userId) mine.push(eq(devices.userId, owner.userId))
      if (mine.length === 0) return 0
      const rows = await db
        .update(devices)
        .set({ pushToken: null, pushPlatform: null })
        .where(and(eq(devices.pushToken, token), or(...mine)))
        .returning({ uuid: devices.uuid })
      return rows.length
    },
    async clearDevice(deviceId: string): Promise<void> {
      await db
        .update(devices)
        .set({ pushToken: null, pushPlatform: null })
        .where(and(eq(devices.uuid, deviceId), isNotNull(devices.pushToken)))
    },
    /** The provider said the token is dead: no device keeps it. */
    async removeToken(token: string): Promise<number> {
      const rows = await db
        .update(devices)
        .set({ pushToken: null, pushPlatform: null })
        .where(eq(devices.pushToken, token))
        .returning({ uuid: devices.uuid })
      return rows.length
    },
    /** The push targets of these users (devices_user_idx). */
    async targetsOf(
      q: Reader,
      userIds: string[],
    ): Promise<Array<{ token: string; platform: string }>> {
      if (userIds.length === 0) return []
      const rows = await q
        .select({ token: devices.pushToken, platform: devices.pushPlatform })
        .from(devices)
        .where(and(inArray(devices.userId, userIds), isNotNull(devices.pushToken)))
      return rows.map((r) => ({ token: r.token!, platform: r.platform ?? 'android' }))
    },
    async tokenOf(deviceId: string) {
      const [row] = await db
        .select({ token: devices.pushToken, platform: devices.pushPlatform })
        .from(devices)
        .where(eq(devices.uuid, deviceId))
      return row?.token ? { token: row.token, platform: row.platform ?? 'android' } : null
    },
  }
}
export type PushDevicesRepository = ReturnType<typeof createPushDevicesRepository>
