// The page's first module: it starts the app (src/app/start-app.tsx), whose code index.html
// preloads. auth.html holds the sign-in screen written in (src/auth-shell-server.tsx): there
// the browser first shows it, then the app starts, since the app's code takes one long task to
// run (60–100 ms on a tablet, even from the service worker's cache) during which nothing is
// drawn.
import './styles.css';
import { WRITTEN_IN } from './lib/prerendered-input';

// Once the first paint is on screen: its entry comes after it is presented, and running the
// app before then slows the painting itself on a two-core tablet (tests/bench/shell.ts). A
// hidden tab paints nothing, hence the timer as well.
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const observer = new PerformanceObserver(() => done());
    const timer = setTimeout(() => done(), 150);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });

const writtenIn = document.getElementById('root')?.hasAttribute(WRITTEN_IN) ?? false;
void (writtenIn ? afterFirstPaint() : Promise.resolve()).then(() => import('./app/start-app'));
