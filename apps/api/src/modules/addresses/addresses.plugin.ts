import fp from 'fastify-plugin'
import { createAddressesRepository } from './addresses.repository.ts'
import { createAddressesService, type AddressesService } from './addresses.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    addressesService: AddressesService
  }
}

/** Addresses; on sign-in the device's addresses move to the account. */
export const addressesPlugin = fp(
  async function addresses(app) {
    const service = createAddressesService({
      db: app.db,
      repository: createAddressesRepository(app.db),
      locate: (address) => app.geoService.locateAddress(address),
    })
    app.decorate('addressesService', service)
    app.authService.onSignIn((userId, deviceId) => service.moveDeviceToUser(deviceId, userId))
  },
  { name: 'addresses', dependencies: ['auth', 'geo'] },
)
