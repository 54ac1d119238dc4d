export { reportsModule } from './reports.module';
export { createReportsService, toCsv, type ReportsService } from './reports.service';
export { auditBooks, runAudit } from './books.audit';
