import { defineModule } from '../../platform/module';
import { playersRoutes } from './players.routes';
import { createPlayersService, type PlayersService } from './players.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's players: search, profile, history, block, sign-out, test mark, notes. */
    players: PlayersService;
  }
}

/**
 * The back office's view of players. Hooks the accounts' sign-in (a blocked player is refused) and signs
 * players out through `accounts.revokeAllSessions`, the path a self-exclusion takes.
 */
export const playersModule = defineModule(
  'players',
  ['operators', 'accounts', 'wallet', 'rg'],
  async (app) => {
    const { database, accounts, wallet, rg } = app;
    const players = createPlayersService({ database, accounts, wallet, rg });
    app.decorate('players', players);
    accounts.hooks.signIn.push(players.checkSignIn);
    await app.register(playersRoutes);
  },
);
