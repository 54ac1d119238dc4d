export { realtimeModule } from './realtime.module';
export {
  createGateway,
  type Gateway,
  type GatewayOptions,
  type RateLimits,
  type VerifyToken,
} from './realtime.gateway';
export type { RealtimeService } from './realtime.service';
