export { operatorsModule } from './operators.module';
export {
  createOperatorsService,
  KEY_ACTOR,
  totpStepAt,
  type Actor,
  type OperatorsService,
} from './operators.service';
export type { AuditDetails } from './operators.guard';
