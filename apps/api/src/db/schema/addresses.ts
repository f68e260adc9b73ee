import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, streetAddressColumns, updatedAt } from './columns.ts'
import { users } from './users.ts'

/**
 * A customer's addresses, owned by a user or, before sign-in, by a device id. Exactly one
 * default per owner, enforced by partial unique indexes.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id'),
    label: text('label'),
    ...streetAddressColumns(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    placeId: text('place_id'),
    /**
     * How the point was found (decision 038): 'georef' or 'google' located the door, 'pin' is the
     * customer's own point, 'locality' is the barrio's or town's centre (approximate: no delivery
     * until the customer moves the pin to the door).
     */
    geocodedBy: text('geocoded_by', { enum: ['georef', 'google', 'pin', 'locality'] })
      .notNull()
      .default('pin'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    index('addresses_device_idx').on(t.deviceId, t.createdAt),
    uniqueIndex('addresses_user_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.userId} is not null`),
    uniqueIndex('addresses_device_default_uq')
      .on(t.deviceId)
      .where(sql`${t.isDefault} and ${t.userId} is null`),
  ],
)
