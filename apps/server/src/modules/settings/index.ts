export { settingsModule } from './settings.module';
export { settingsSchema, SETTING_KEYS, type Settings, type SettingKey } from '@aposta/contracts';
export { createSettingsService, type SettingsService } from './settings.service';
