/**
 * The sportsbook: twelve sports, the pricing engine, singles and parlays as ledger holds, settlement with
 * Asian quarter lines and resettlement of corrected results.
 */
export { sportsModule } from './sports.module';
export { createSportsService, type SportsService, type SportsDeps } from './sports.service';
