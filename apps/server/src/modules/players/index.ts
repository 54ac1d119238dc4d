/** The back office's players: search, profile, history and the operators' writes on a player. */
export { playersModule } from './players.module';
export { createPlayersService, type PlayersService, type PlayersDeps } from './players.service';
