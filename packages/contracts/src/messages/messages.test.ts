import { describe, expect, it } from 'vitest';
import { LANGUAGE_KEYS } from '../languages';
import { messages } from './index';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server message catalogue', () => {
  const keys = Object.keys(messages.pt_BR);

  it.each(LANGUAGE_KEYS)('%s has every key, non-empty, with the same placeholders as pt_BR', (lang) => {
    expect(Object.keys(messages[lang]).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const text = messages[lang][key as keyof (typeof messages)['pt_BR']];
      expect(text.trim(), `${lang}.${key}`).not.toBe('');
      expect(placeholders(text), `${lang}.${key}`).toEqual(
        placeholders(messages.pt_BR[key as keyof (typeof messages)['pt_BR']]),
      );
    }
  });
});
