// The page's first module. The app's code takes one long task to run (60–100 ms on a tablet,
// even from the service worker's cache), and the browser draws nothing during it: so the
// browser first shows what the HTML already holds (auth.html's sign-in screen, else
// "Loading…"), then the app starts. index.html preloads the app's code meanwhile; auth.html
// does not (src/auth-shell-server.tsx says why), and the import below fetches it.
import './styles.css';

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

void afterFirstPaint().then(() => import('./app/start-app'));
