export { settingsRoutes } from './settings.routes';
export { createSettingsService, type SettingsService } from './settings.service';
export { settingsSchema, SETTING_KEYS, type Settings, type SettingKey } from './settings.schema';
