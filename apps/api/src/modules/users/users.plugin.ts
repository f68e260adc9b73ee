import fp from 'fastify-plugin'
import { createUsersRepository } from './users.repository.ts'
import { createUsersService, type UsersService } from './users.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    usersService: UsersService
  }
}

/** The users table's one service, shared by auth, accounts and oauth. */
export const usersPlugin = fp(
  async function usersModule(app) {
    app.decorate('usersService', createUsersService(createUsersRepository(app.db)))
  },
  { name: 'users', dependencies: ['db'] },
)
