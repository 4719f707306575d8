// The dashboard's page shell: a sidebar and hash routes (#/, #/kb, #/sessions, #/history, #/orch, #/suggestions).
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { OverviewPage } from './pages/overview.js';
import { KbPage } from './pages/kb.js';
import { SessionsPage } from './pages/sessions.js';
import { HistoryPage } from './pages/history.js';
import { OrchPage } from './pages/orch.js';
import { SuggestionsPage } from './pages/suggestions.js';

const ROUTES = [
  { path: '', label: 'Overview', page: OverviewPage },
  { path: 'kb', label: 'Knowledge base', page: KbPage },
  { path: 'sessions', label: 'Sessions', page: SessionsPage },
  { path: 'history', label: 'History', page: HistoryPage },
  { path: 'orch', label: 'Orchestrator', page: OrchPage },
  { path: 'suggestions', label: 'Suggestions', page: SuggestionsPage },
] as const;

function route(): { path: string; arg: string } {
  const [path = '', arg = ''] = location.hash.replace(/^#\/?/, '').split('/');
  return { path, arg: decodeURIComponent(arg) };
}

function App() {
  const [r, setR] = useState(route());
  useEffect(() => {
    const on = () => setR(route());
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  const cur = ROUTES.find((x) => x.path === r.path) ?? ROUTES[0];
  const Page = cur.page;
  return (
    <div class="shell">
      <nav class="side">
        <div class="brand">
          <span class="logo" aria-hidden="true">
            ◆
          </span>
          self-generation
        </div>
        {ROUTES.map((x) => (
          <a
            key={x.path}
            href={`#/${x.path}`}
            class={x === cur ? 'active' : ''}
            data-nav={x.path || 'overview'}
          >
            {x.label}
          </a>
        ))}
        <div class="side-foot">local only · 127.0.0.1</div>
      </nav>
      <main class="content">
        <Page arg={r.arg} key={cur.path} />
      </main>
    </div>
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
