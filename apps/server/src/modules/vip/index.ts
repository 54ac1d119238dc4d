/** VIP levels (from the wagering totals), upgrade rewards paid once ever, and the VIP screen's read. */
export { vipModule } from './vip.module';
export { createVipService, type VipService } from './vip.service';
export type { LevelReachedFact } from './vip.events';
