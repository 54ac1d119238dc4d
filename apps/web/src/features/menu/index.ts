export { LanguagePicker } from './components/LanguagePicker';
export { SettingsMenu } from './components/SettingsMenu';
