import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { useAppState } from '../lib/app-state';
import { FEATURE_NAMESPACES, i18n } from '../lib/i18n';
import { queryClient } from '../lib/query';
import { useSession } from '../lib/session';
import { useUi } from '../lib/ui';

configure({ asyncUtilTimeout: 4000 });

// The app fetches a feature's dictionary on first use (and suspends until it is in); a test renders at once.
await i18n.loadNamespaces([...FEATURE_NAMESPACES, 'bet']);

const initialUi = useUi.getState();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // A known device id keeps the fingerprint library out of unit tests.
  useAppState.setState({ deviceId: 'test-device', lang: 'pt_BR', payUnit: 'BRL', zone: 'America/Sao_Paulo' });
  useSession.setState({ token: '', user: null, gameCodes: {}, realtime: null, balanceStale: false });
  useUi.setState({ ...initialUi, alerts: [], toasts: [] }, true);
});

afterEach(() => {
  cleanup();
  // One cache per test: no answer of one test is another's.
  queryClient.clear();
});
