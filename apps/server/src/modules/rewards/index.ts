/** Agent ladder rewards and the game bonus (contracts/rewards.ts). */
export { rewardsModule } from './rewards.module';
export { createLadderService, type LadderService, type LadderDeps } from './ladder.service';
export {
  createGameBonusService,
  GAME_BONUS_GROUP,
  type GameBonusService,
  type GameBonusDeps,
} from './gamebonus.service';
