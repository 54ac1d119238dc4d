export { realtimeModule } from './realtime.module';
export {
  createGateway,
  type Gateway,
  type GatewayOptions,
  type RateLimits,
  type VerifyOperator,
  type VerifyToken,
  type VerifyVisitor,
} from './realtime.gateway';
export type { RealtimeService } from './realtime.service';
