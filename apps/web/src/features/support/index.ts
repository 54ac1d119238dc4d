export { ChatPanel } from './components/ChatPanel';
export { SupportButton } from './components/SupportButton';
