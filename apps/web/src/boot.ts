import './index.css';

// The HTML app shell paints first; the app's code loads right after that first frame.
function load() {
  void import('./main');
}

if (document.visibilityState === 'hidden') load();
else requestAnimationFrame(() => setTimeout(load, 0));
