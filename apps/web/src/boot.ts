import './index.css';
import { listenForInstall } from './lib/pwa';

// The browser may offer the install prompt before the app's code has loaded: keep it from the start.
listenForInstall();

// The HTML app shell paints first; the app's code loads right after that first frame.
function load() {
  void import('./main');
}

if (document.visibilityState === 'hidden') load();
else requestAnimationFrame(() => setTimeout(load, 0));
