import { envelope } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import { CPF_SITUATIONS, type CpfRecord, type IdentityBureau } from './identity';

/** ok: answers from its register; down: throws, as a bureau that does not answer. */
export const SANDBOX_IDENTITY_MODES = ['ok', 'down'] as const;
export type SandboxIdentityMode = (typeof SANDBOX_IDENTITY_MODES)[number];

/**
 * THE SANDBOX IDENTITY BUREAU: it knows nobody. A CPF put in its register (POST /sandbox/identity/people) is
 * answered as registered there; any other valid CPF is answered as regular and belonging to whoever declared
 * it, so that trying the app needs no set-up. Kept in memory, per process. Never used outside SANDBOX.
 */
export interface SandboxIdentityBureau extends IdentityBureau {
  register(cpf: string, record: CpfRecord | null): void;
  setMode(mode: SandboxIdentityMode): void;
  readonly mode: SandboxIdentityMode;
}

export function createSandboxIdentityBureau(): SandboxIdentityBureau {
  /** null: the Receita Federal has no such CPF. */
  const people = new Map<string, CpfRecord | null>();
  let mode: SandboxIdentityMode = 'ok';
  return {
    name: 'sandbox-identity',
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
    },
    register(cpf, record) {
      people.set(cpf, record);
    },
    async lookupCpf({ cpf, name, birthDate }) {
      if (mode === 'down') throw new Error('sandbox identity bureau is down');
      if (people.has(cpf)) return people.get(cpf)!;
      // A declaration without a birth date (an account registered before the profile) is not checked on it.
      return { situation: 'regular', name, birthDate: birthDate ?? '' };
    },
  };
}

// Sandbox-only shapes (not part of the player contract).
const person = z.object({
  cpf: z.string().regex(/^\d{11}$/),
  /** null: the Receita Federal has no such CPF. */
  record: z
    .object({
      situation: z.enum(CPF_SITUATIONS),
      name: z.string().min(1).max(120),
      birthDate: z.iso.date(),
    })
    .nullable(),
});
const modeAnswer = z.object({ mode: z.enum(SANDBOX_IDENTITY_MODES) });

/** The sandbox bureau's register and switch (on only in sandbox mode, with the sandbox bureau). */
export async function identitySandboxRoutes(
  app: FastifyInstance,
  { bureau }: { bureau: SandboxIdentityBureau },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox'];
  r.post(
    '/sandbox/identity/people',
    { schema: { tags, body: person, response: { 200: envelope(person) } } },
    async (req) => {
      bureau.register(req.body.cpf, req.body.record);
      return ok(req, req.body);
    },
  );
  r.post(
    '/sandbox/identity/mode',
    { schema: { tags, body: modeAnswer, response: { 200: envelope(modeAnswer) } } },
    async (req) => {
      bureau.setMode(req.body.mode);
      return ok(req, { mode: bureau.mode });
    },
  );
}
