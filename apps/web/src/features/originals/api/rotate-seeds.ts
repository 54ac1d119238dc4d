import { ORIGINALS_PATH, rotateAnswer, type RotateAnswer, type RotateRequest } from '@aposta/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { fairnessKey } from './get-fairness';

/** Retires the seed pair (its server seed is revealed) and starts a new one, with the client seed chosen. */
export async function rotateSeeds(body: RotateRequest): Promise<RotateAnswer> {
  const { data } = await request<unknown>(`${ORIGINALS_PATH}/fairness/rotate`, {
    json: body,
    quiet: true,
    loading: false,
  });
  return rotateAnswer.parse(data);
}

export function useRotateSeeds() {
  return useMutation(
    {
      mutationFn: rotateSeeds,
      onSuccess: (answer) => {
        const { token } = useSession.getState();
        queryClient.setQueryData(fairnessKey(token), answer.current);
        // The bets that pair served now carry their server seed: they can be verified.
        void queryClient.invalidateQueries({ queryKey: ['originalBets'] });
        void queryClient.invalidateQueries({ queryKey: ['originalBet'] });
      },
    },
    queryClient,
  );
}
