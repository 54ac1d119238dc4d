import { LANGUAGE_KEYS, SPORTSBOOK_LANGUAGE_KEYS } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { i18n, loadBetVocabulary, loadLanguage } from './index';
import betPt from './bet/pt_BR';
import uiPt from './ui/pt_BR';
import walletPt from './wallet/pt_BR';

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
const walletModules = import.meta.glob<{ default: Tree }>('./wallet/*.ts', { eager: true });

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

  it.each(LANGUAGE_KEYS)(
    'wallet namespace %s has every key of pt_BR, no extra, same placeholders',
    (lang) => {
      const walletKeys = leaves(walletPt as unknown as Tree);
      const dict = walletModules[`./wallet/${lang}.ts`]?.default;
      expect(dict, `missing wallet dictionary ${lang}`).toBeDefined();
      const got = leaves(dict!);
      expect([...got.keys()].sort()).toEqual([...walletKeys.keys()].sort());
      for (const [key, text] of got) {
        expect(text.trim(), `${lang}:${key} is empty`).not.toBe('');
        expect(placeholders(text), `${lang}:${key}`).toBe(placeholders(walletKeys.get(key)!));
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
    await loadLanguage('ja');
    expect(i18n.t('account.avatar', { n: 3 })).toBe('アバター 3');
    await loadLanguage('pt_BR');
    expect(i18n.t('nav.login')).toBe('Entrar');
  });

  it('loads a sportsbook-only vocabulary into the bet namespace', async () => {
    await loadBetVocabulary('de');
    expect(i18n.t('slip.betSlip', { ns: 'bet', lng: 'de' })).toBe('Wettschein');
    expect(i18n.t('result.10', { ns: 'bet', lng: 'de' })).toBe('Gewonnen');
  });
});
