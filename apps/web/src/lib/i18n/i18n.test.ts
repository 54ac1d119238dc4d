import { LANGUAGE_KEYS, SPORTSBOOK_LANGUAGE_KEYS, type LanguageKey } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { i18n, loadBetVocabulary, loadLanguage } from './index';
import betPt from './bet/pt_BR';
import uiPt from './ui/pt_BR';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort().join(',');

const uiModules = import.meta.glob<{ default: Tree }>('./ui/*.ts', { eager: true });
const betModules = import.meta.glob<{ default: Tree }>('./bet/*.ts', { eager: true });
/** Every feature's own namespace: features/<name>/i18n/<lang>.ts. */
const featureModules = import.meta.glob<{ default: Tree }>('../../features/*/i18n/*.ts', { eager: true });
const features = [
  ...new Set(Object.keys(featureModules).map((p) => /features\/([^/]+)\/i18n\//.exec(p)![1]!)),
];

describe('dictionaries', () => {
  const uiKeys = leaves(uiPt as unknown as Tree);
  const betKeys = leaves(betPt as unknown as Tree);

  it.each(LANGUAGE_KEYS)('UI language %s has every key of pt_BR, no extra, same placeholders', (lang) => {
    const dict = uiModules[`./ui/${lang}.ts`]?.default;
    expect(dict, `missing dictionary ${lang}`).toBeDefined();
    const got = leaves(dict!);
    expect([...got.keys()].sort()).toEqual([...uiKeys.keys()].sort());
    for (const [key, text] of got) {
      expect(text.trim(), `${lang}:${key} is empty`).not.toBe('');
      expect(placeholders(text), `${lang}:${key}`).toBe(placeholders(uiKeys.get(key)!));
    }
  });

  it('finds the features that keep their own translations', () => {
    expect(features).toEqual(
      expect.arrayContaining([
        'account',
        'auth',
        'home',
        'menu',
        'notice',
        'realtime',
        'records',
        'share',
        'start-mask',
        'support',
        'transfer',
        'wallet',
      ]),
    );
  });

  it.each(features.flatMap((f) => LANGUAGE_KEYS.map((lang) => [f, lang] as const)))(
    'feature namespace %s in %s has every key of pt_BR, no extra, same placeholders',
    (feature, lang) => {
      const source = featureModules[`../../features/${feature}/i18n/pt_BR.ts`]?.default;
      const dict = featureModules[`../../features/${feature}/i18n/${lang}.ts`]?.default;
      expect(source, `missing ${feature} pt_BR`).toBeDefined();
      expect(dict, `missing ${feature} dictionary ${lang}`).toBeDefined();
      const sourceKeys = leaves(source!);
      const got = leaves(dict!);
      expect([...got.keys()].sort()).toEqual([...sourceKeys.keys()].sort());
      for (const [key, text] of got) {
        expect(text.trim(), `${feature}.${lang}:${key} is empty`).not.toBe('');
        expect(placeholders(text), `${feature}.${lang}:${key}`).toBe(placeholders(sourceKeys.get(key)!));
      }
    },
  );

  it.each([...LANGUAGE_KEYS, ...SPORTSBOOK_LANGUAGE_KEYS])('bet vocabulary %s is complete', (lang) => {
    const dict = betModules[`./bet/${lang}.ts`]?.default;
    expect(dict, `missing bet vocabulary ${lang}`).toBeDefined();
    const got = leaves(dict!);
    expect([...got.keys()].sort()).toEqual([...betKeys.keys()].sort());
    for (const [key, text] of got) expect(text.trim(), `${lang}:${key}`).not.toBe('');
  });

  it('keeps the spec messages verbatim in Portuguese', () => {
    expect(uiPt.errors.pleaseLogin).toBe('Por favor, faça login primeiro');
    expect(uiPt.errors.acceptTerms).toBe('Por favor, aceite os termos de serviço');
    expect(uiPt.errors.pleaseVerify).toBe('Por favor verifique');
    expect(uiPt.errors.pleaseFill).toBe('Por favor, preencha as informações completamente');
    expect(uiPt.common.copied).toBe('A cópia foi bem-sucedida');
    expect(uiPt.common.ok).toBe('Eu entendi');
  });

  it('loads a language on demand and switches to it', async () => {
    expect(i18n.t('nav.login')).toBe('Entrar');
    await loadLanguage('en');
    expect(i18n.t('nav.login')).toBe('Log in');
    expect(i18n.t('withdraw.back', { ns: 'wallet' })).toBe('Back');
    await loadLanguage('ja');
    expect(i18n.t('avatar', { ns: 'account', n: 3 })).toBe('アバター 3');
    await loadLanguage('pt_BR');
    expect(i18n.t('nav.login')).toBe('Entrar');
  });

  it('does not switch to a language whose dictionary did not come in', async () => {
    await expect(loadLanguage('xx' as LanguageKey)).rejects.toThrow('no dictionary for xx');
    expect(i18n.language).toBe('pt_BR');
    expect(i18n.t('nav.login')).toBe('Entrar');
  });

  it('loads a sportsbook-only vocabulary into the bet namespace', async () => {
    await loadBetVocabulary('de');
    expect(i18n.t('slip.betSlip', { ns: 'bet', lng: 'de' })).toBe('Wettschein');
    expect(i18n.t('result.10', { ns: 'bet', lng: 'de' })).toBe('Gewonnen');
  });
});

/**
 * The code's side of the dictionaries: every key a component asks for exists in the namespace it reads, and a
 * feature reads only its own namespace and the shared ones (`translation:`, and the sportsbook vocabulary
 * `bet:`), never another feature's.
 */
const sources = import.meta.glob<string>(
  ['../../{app,components,features,lib}/**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../**/i18n/**'],
  { query: '?raw', import: 'default', eager: true },
);
const namespaces: Record<string, Tree> = {
  translation: uiPt as unknown as Tree,
  bet: betPt as unknown as Tree,
  ...Object.fromEntries(
    features.map((f) => [f, featureModules[`../../features/${f}/i18n/pt_BR.ts`]!.default]),
  ),
};
const lookUp = (tree: Tree | undefined, key: string) =>
  key
    .split('.')
    .reduce<Tree | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );

describe('translation calls', () => {
  const calls = Object.entries(sources).flatMap(([path, source]) => {
    const feature = /features\/([^/]+)\//.exec(path)?.[1];
    // useTranslation(), useTranslation('x') or useTranslation(['x', 'bet']): the first is the default.
    const used = [...source.matchAll(/useTranslation\((?:\[?((?:'[\w-]+',?\s*)+)\]?)?\)/g)].flatMap((m) =>
      m[1] ? [...m[1].matchAll(/'([\w-]+)'/g)].map((n) => n[1]!) : ['translation'],
    );
    const ns = used[0] ?? 'translation';
    return [...source.matchAll(/\bt\((['`])([^'`]+)\1?(?:,\s*\{\s*ns:\s*'([\w-]+)')?/g)].map((m) => {
      const [prefix, key] = m[2]!.includes(':') ? m[2]!.split(':') : [m[3] ?? ns, m[2]!];
      return { path, feature, used, ns: prefix!, key: key! };
    });
  });

  it('finds the calls', () => {
    expect(calls.length).toBeGreaterThan(250);
  });

  it('a feature reads its own namespace and the shared one only', () => {
    // Save one: the verifier (/fairness, in originals) names our studio's slot symbols as the slots do.
    const also: Record<string, string[]> = { originals: ['studio'] };
    for (const c of calls.filter((c) => c.feature)) {
      const allowed = [c.feature!, 'translation', 'bet', ...(also[c.feature!] ?? [])];
      for (const ns of c.used) expect(allowed, `${c.path}: useTranslation('${ns}')`).toContain(ns);
      expect(allowed, `${c.path}: ${c.ns}:${c.key}`).toContain(c.ns);
    }
  });

  it('the sportsbook keeps no key that nothing asks for', () => {
    // Asked for by name, or under a group a key is built in by a variable (`slip.accept.${a}`, also where the
    // call's first argument is another: `t(x ? 'groups.totals' : \`groups.${g}\`)`); plurals by their base.
    const asked = calls.filter((c) => c.ns === 'sports').map((c) => c.key);
    const groups = Object.entries(sources)
      .filter(([path]) => path.includes('/features/sports/'))
      .flatMap(([, source]) => [...source.matchAll(/`([\w.]+\.)\$\{/g)].map((m) => m[1]!));
    const isAsked = (key: string) =>
      groups.some((g) => key.startsWith(g)) ||
      asked.some((a) => {
        const dynamic = a.indexOf('${');
        return dynamic >= 0 ? key.startsWith(a.slice(0, dynamic)) : a === key.replace(/_(one|other)$/, '');
      });
    const unused = [...leaves(namespaces.sports!).keys()].filter((key) => !isAsked(key));
    expect(unused).toEqual([]);
  });

  it('every key asked for exists in its namespace', () => {
    for (const { path, ns, key } of calls) {
      const dynamic = key.indexOf('${');
      if (dynamic >= 0) {
        const group = key.slice(0, dynamic).replace(/\.$/, '');
        expect(typeof lookUp(namespaces[ns], group), `${path}: ${ns}:${group}.*`).toBe('object');
      } else expect(typeof lookUp(namespaces[ns], key), `${path}: ${ns}:${key}`).toBe('string');
    }
  });
});
