export { paymentsModule, createPayments, type PaymentsService } from './payments.module';
export type { PaymentsDeps, PlayerProfile } from './payments.deps';
