export { RealtimeHost } from './RealtimeHost';
