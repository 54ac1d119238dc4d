import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useRef } from 'react';
import { ApiError } from '../api/http';

/** A shared contract's schema (zod): the one the server checks a body with. */
interface Contract {
  safeParse(value: unknown): { error?: { issues: ReadonlyArray<{ path: PropertyKey[] }> } };
}

/**
 * The paths of a body the server refused (400): those the shared contract refuses in it, as the server checks it
 * with the same contract and answers only a translated message. None for any other failure (a stale form, the
 * network) or a refusal the contract does not explain.
 */
export function refusedPaths(err: unknown, contract: Contract, sent: unknown): PropertyKey[][] {
  if (!(err instanceof ApiError) || err.statusCode !== 400) return [];
  return (contract.safeParse(sent).error?.issues ?? []).map((i) => i.path);
}

/** A form field a refusal is shown under, with its message there. */
export interface RefusedField {
  name: NamePath;
  message: string;
}

/**
 * A server's refusal under the form fields it concerns: `show` places it (the first field scrolled into sight; an
 * undefined entry is a path no field shows; false when none is left, for the form's own alert); `clear` (the
 * form's `onValuesChange`) takes it away once a value changes, as it was about the values sent.
 */
export function useFieldRefusal(form: FormInstance) {
  const shown = useRef<NamePath[]>([]);
  const clear = () => {
    if (!shown.current.length) return;
    form.setFields(shown.current.map((name) => ({ name, errors: [] })));
    shown.current = [];
  };
  const show = (fields: (RefusedField | undefined)[]) => {
    clear();
    const placed = fields.filter((f) => f !== undefined);
    const unique = [...new Map(placed.map((f) => [JSON.stringify(f.name), f])).values()];
    if (!unique.length) return false;
    form.setFields(unique.map((f) => ({ name: f.name, errors: [f.message] })));
    form.scrollToField(unique[0]!.name);
    shown.current = unique.map((f) => f.name);
    return true;
  };
  return { show, clear };
}
