import { createRoot } from 'react-dom/client';
// The global base first: the styles the components import come after it in the cascade.
import './app/styles.css';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './lib/offline/register-service-worker.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
createRoot(container).render(<App />);
registerServiceWorker();
