/**
 * The identity bureau (an outside party behind an adapter): under the Brazilian profile, KYC asks it whether a
 * CPF is regular at the Receita Federal and whose it is, and confirms it belongs to the declared name and birth
 * date before the first deposit. Implementations: the sandbox (`identity.sandbox.ts`, SANDBOX only) and Serpro's
 * Consulta CPF (`identity.serpro.ts`); another bureau (e.g. Datavalid) would implement the same interface. Chosen
 * in config.ts (`IDENTITY_BUREAU`).
 */

/** The Receita Federal's situations of a CPF; only `regular` may open a betting account. */
export const CPF_SITUATIONS = ['regular', 'pending', 'suspended', 'cancelled', 'deceased', 'null'] as const;
export type CpfSituation = (typeof CPF_SITUATIONS)[number];

/** What the bureau holds for a CPF. */
export interface CpfRecord {
  situation: CpfSituation;
  name: string;
  /** `YYYY-MM-DD`. */
  birthDate: string;
}

/** What the player declared (a real bureau may use it for its own matching; the sandbox echoes it). */
export interface IdentityDeclared {
  cpf: string;
  name: string;
  birthDate: string | null;
}

export interface IdentityBureau {
  readonly name: string;
  /** The CPF's record, or null when the Receita Federal has no such CPF. Throws when the bureau cannot answer. */
  lookupCpf(declared: IdentityDeclared): Promise<CpfRecord | null>;
}

/** A name as compared: no accents, case or extra spaces ("JOSÉ  da Silva" is "jose da silva"). */
export function comparableName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Why a record does not confirm the declaration (the field it concerns), or null when it does. */
export function identityMismatch(
  record: CpfRecord | null,
  declared: IdentityDeclared,
): {
  key: 'brCpfUnknown' | 'brCpfIrregular' | 'brKycNameMismatch' | 'brKycBirthDateMismatch';
  field: 'cardNo' | 'name' | 'birthDate';
} | null {
  if (!record) return { key: 'brCpfUnknown', field: 'cardNo' };
  if (record.situation !== 'regular') return { key: 'brCpfIrregular', field: 'cardNo' };
  if (comparableName(record.name) !== comparableName(declared.name))
    return { key: 'brKycNameMismatch', field: 'name' };
  if (declared.birthDate !== null && record.birthDate !== declared.birthDate)
    return { key: 'brKycBirthDateMismatch', field: 'birthDate' };
  return null;
}
